/**
 * The search's candidates (one per section: its best passage) handed out highest value first, ties
 * by the section's position, without sorting them all (knowledge-index.ts): a binary heap built in
 * linear time over the candidates given, from which the search takes only the few it looks at
 * closely. A common word of a large knowledge base makes tens of thousands of candidates; the walk
 * rarely takes more than a dozen.
 */
export class CandidateOrder {
  private readonly heap: Int32Array;
  private size: number;

  /** `starts[i]` is candidate i's section, `values[i]` its value; `members` the candidates to order. */
  constructor(
    private readonly starts: Int32Array,
    private readonly values: Float64Array,
    members: Int32Array,
  ) {
    this.heap = members;
    this.size = members.length;
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  /** The next best candidate's number, or -1 when none is left. */
  next(): number {
    if (this.size === 0) return -1;
    const top = this.heap[0] as number;
    this.size--;
    if (this.size > 0) {
      this.heap[0] = this.heap[this.size] as number;
      this.siftDown(0);
    }
    return top;
  }

  /** Whether candidate a comes before candidate b. */
  private before(a: number, b: number): boolean {
    const va = this.values[a] as number;
    const vb = this.values[b] as number;
    return va > vb || (va === vb && (this.starts[a] as number) < (this.starts[b] as number));
  }

  private siftDown(from: number): void {
    const heap = this.heap;
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) return;
      const right = left + 1;
      const child = right < this.size && this.before(heap[right] as number, heap[left] as number) ? right : left;
      if (!this.before(heap[child] as number, heap[at] as number)) return;
      const swap = heap[at] as number;
      heap[at] = heap[child] as number;
      heap[child] = swap;
      at = child;
    }
  }
}

/** The k-th largest of `values` (k from 1; the smallest when k exceeds their number), in linear time. */
export function kthLargest(values: Float64Array, k: number): number {
  const a = Float64Array.from(values);
  if (a.length === 0) return Number.NEGATIVE_INFINITY;
  const target = Math.min(k, a.length) - 1;
  let low = 0;
  let high = a.length - 1;
  while (low < high) {
    // Hoare's selection around the middle value, largest first.
    const pivot = a[(low + high) >> 1] as number;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((a[i] as number) > pivot) i++;
      while ((a[j] as number) < pivot) j--;
      if (i <= j) {
        const swap = a[i] as number;
        a[i] = a[j] as number;
        a[j] = swap;
        i++;
        j--;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else return a[target] as number;
  }
  return a[target] as number;
}
