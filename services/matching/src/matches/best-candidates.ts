import { compareCandidates, type MatchCandidate } from '../scoring/index.js';

interface Entry<T> {
  candidate: MatchCandidate;
  item: T;
  /** Arrival order, so the kept items can be given back in it. */
  seq: number;
}

/**
 * The best `limit` candidates of a match (in `rankCandidates` order), each with what it was scored from, kept while
 * the CVs are scored: a match returns, stores and re-scores only its best few, so the explanations of the other
 * thousands (and their records, when nothing else holds them) become garbage as soon as they are scored instead of
 * living until the match ends. The ranking order is total (distinct person ids never tie), so the kept ones are
 * exactly the first `limit` of ranking every candidate. A bounded heap, worst at the root.
 */
export class BestCandidates<T> {
  private readonly heap: Entry<T>[] = [];
  private seq = 0;

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`BestCandidates needs a limit of at least 1, not ${limit}`);
  }

  /** Candidates offered so far. */
  get offered(): number {
    return this.seq;
  }

  offer(candidate: MatchCandidate, item: T): void {
    const entry = { candidate, item, seq: this.seq++ };
    const heap = this.heap;
    if (heap.length < this.limit) {
      heap.push(entry);
      this.siftUp(heap.length - 1);
    } else if (compareCandidates(candidate, heap[0]!.candidate) < 0) {
      heap[0] = entry;
      this.siftDown(0);
    }
  }

  /** The kept candidates, ranked. */
  ranked(): MatchCandidate[] {
    return this.heap.map((entry) => entry.candidate).sort(compareCandidates);
  }

  /** What the kept candidates were scored from, in the order they were offered. */
  items(): T[] {
    return [...this.heap].sort((a, b) => a.seq - b.seq).map((entry) => entry.item);
  }

  /** True when `a` ranks below `b` (belongs nearer the root). */
  private worse(a: number, b: number): boolean {
    return compareCandidates(this.heap[a]!.candidate, this.heap[b]!.candidate) > 0;
  }

  private swap(a: number, b: number): void {
    const heap = this.heap;
    [heap[a], heap[b]] = [heap[b]!, heap[a]!];
  }

  private siftUp(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.worse(at, parent)) return;
      this.swap(at, parent);
      at = parent;
    }
  }

  private siftDown(at: number): void {
    const size = this.heap.length;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < size && this.worse(left, worst)) worst = left;
      if (right < size && this.worse(right, worst)) worst = right;
      if (worst === at) return;
      this.swap(at, worst);
      at = worst;
    }
  }
}
