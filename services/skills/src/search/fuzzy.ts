/**
 * Typo tolerance over a vocabulary of folded tokens: candidates share enough padded bigrams with the query
 * token, then a bounded Damerau (optimal string alignment) distance confirms them.
 */
export class FuzzyVocabulary {
  private readonly postings = new Map<string, Int32Array>();
  private readonly counts: Uint8Array;
  private readonly touched: number[] = [];

  constructor(private readonly vocabulary: readonly string[]) {
    const lists = new Map<string, number[]>();
    vocabulary.forEach((token, id) => {
      for (const gram of new Set(bigrams(token))) {
        let list = lists.get(gram);
        if (!list) lists.set(gram, (list = []));
        list.push(id);
      }
    });
    for (const [gram, list] of lists) this.postings.set(gram, Int32Array.from(list));
    this.counts = new Uint8Array(vocabulary.length);
  }

  /** Vocabulary ids within distance 1 (tokens of 4+ characters) or 2 (8+ characters) of `token`. */
  near(token: string): number[] {
    if (token.length < 4) return [];
    const maxDistance = token.length >= 8 ? 2 : 1;
    const grams = [...new Set(bigrams(token))];
    // One edit changes at most two bigrams (three for a transposition).
    const needed = Math.max(1, grams.length - 3 * maxDistance);
    for (const gram of grams) {
      const list = this.postings.get(gram);
      if (!list) continue;
      for (const id of list) if (this.counts[id]!++ === 0) this.touched.push(id);
    }
    const found: number[] = [];
    for (const id of this.touched) {
      const candidate = this.vocabulary[id]!;
      if (this.counts[id]! >= needed && Math.abs(candidate.length - token.length) <= maxDistance && withinDistance(token, candidate, maxDistance)) {
        found.push(id);
      }
      this.counts[id] = 0;
    }
    this.touched.length = 0;
    return found;
  }
}

function bigrams(token: string): string[] {
  const padded = `^${token}$`;
  const grams: string[] = [];
  for (let i = 0; i < padded.length - 1; i++) grams.push(padded.slice(i, i + 2));
  return grams;
}

/** Optimal string alignment distance ≤ max, with an early exit once a row exceeds it. */
export function withinDistance(a: string, b: string, max: number): boolean {
  const n = a.length;
  const m = b.length;
  let previous2 = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const current = new Array<number>(m + 1);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return false;
    previous2 = previous;
    previous = current;
  }
  return previous[m]! <= max;
}
