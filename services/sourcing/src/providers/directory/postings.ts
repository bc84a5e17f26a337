/** A list of (document, weight) growing in typed arrays: 5 bytes an entry where JS arrays take 16. */
class GrowingList {
  docs = new Int32Array(4);
  weights = new Uint8Array(4);
  length = 0;

  push(doc: number, weight: number): void {
    if (this.length && this.docs[this.length - 1] === doc) {
      // Documents arrive in increasing order: the same document again only adds weight.
      this.weights[this.length - 1] = Math.min(255, this.weights[this.length - 1]! + weight);
      return;
    }
    if (this.length === this.docs.length) {
      const docs = new Int32Array(this.length * 2);
      docs.set(this.docs);
      this.docs = docs;
      const weights = new Uint8Array(this.length * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.docs[this.length] = doc;
    this.weights[this.length++] = Math.min(255, weight);
  }
}

/** Term → documents while loading, then frozen to exact-size arrays. */
export class PostingsBuilder {
  private readonly lists = new Map<string, GrowingList>();

  add(term: string, doc: number, weight = 1): void {
    let list = this.lists.get(term);
    if (!list) this.lists.set(term, (list = new GrowingList()));
    list.push(doc, weight);
  }

  freeze(): Postings {
    const frozen = new Map<string, PostingList>();
    for (const [term, list] of this.lists)
      frozen.set(term, { docs: list.docs.slice(0, list.length), weights: list.weights.slice(0, list.length) });
    this.lists.clear();
    return new Postings(frozen);
  }
}

export interface PostingList {
  /** Increasing document numbers. */
  docs: Int32Array;
  /** How strongly each document holds the term (field weights added, capped at 255). */
  weights: Uint8Array;
}

const EMPTY: PostingList = { docs: new Int32Array(0), weights: new Uint8Array(0) };

export class Postings {
  constructor(private readonly lists: Map<string, PostingList>) {}

  get(term: string): PostingList {
    return this.lists.get(term) ?? EMPTY;
  }

  get size(): number {
    return this.lists.size;
  }

  /** Documents holding every one of `terms` (increasing order). */
  all(terms: readonly string[]): Int32Array {
    if (!terms.length) return EMPTY.docs;
    const lists = terms.map((term) => this.get(term).docs).sort((a, b) => a.length - b.length);
    let result = lists[0]!;
    for (const list of lists.slice(1)) result = intersect(result, list);
    return result;
  }
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}
