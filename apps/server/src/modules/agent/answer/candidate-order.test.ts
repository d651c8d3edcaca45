import { describe, expect, it } from 'vitest';
import { CandidateOrder, kthLargest } from './candidate-order';

describe('CandidateOrder', () => {
  it('hands out candidates as a full sort orders them: best value first, ties by section', () => {
    // Values with many ties (a few distinct BM25 sums), sections in no order.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const count of [0, 1, 2, 3, 10, 257, 1000]) {
      const starts = Int32Array.from({ length: count }, (_, i) => (i * 7919) % 10007);
      const values = Float64Array.from({ length: count }, () => Math.floor(random() * 20) / 4);
      const sorted = [...Array(count).keys()].sort(
        (a, b) => (values[b] as number) - (values[a] as number) || (starts[a] as number) - (starts[b] as number),
      );
      const order = new CandidateOrder(starts, values, Int32Array.from(Array(count).keys()));
      const taken: number[] = [];
      for (let next = order.next(); next !== -1; next = order.next()) taken.push(next);
      expect(taken).toEqual(sorted);
      const descending = [...values].sort((a, b) => b - a);
      for (const k of [1, 2, 5, 40, count, count + 3]) {
        if (count) expect(kthLargest(values, k)).toBe(descending[Math.min(k, count) - 1]);
      }
    }
    expect(kthLargest(new Float64Array(0), 3)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('orders only the candidates it is given', () => {
    const order = new CandidateOrder(Int32Array.from([3, 1, 2]), Float64Array.from([1, 9, 5]), Int32Array.from([2, 0]));
    expect([order.next(), order.next(), order.next()]).toEqual([2, 0, -1]);
  });
});
