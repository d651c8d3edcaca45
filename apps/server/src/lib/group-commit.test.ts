import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A writer whose writes finish only when the test lets them, recording what each call got. */
function gatedWriter(failOn?: number) {
  const calls: string[] = [];
  const gates: (() => void)[] = [];
  const gate = () => new Promise<void>((resolve) => gates.push(resolve));
  const group = new GroupCommit<number, string>(
    async (items) => {
      calls.push(`batch ${items.join(',')}`);
      await gate();
      if (failOn !== undefined && items.includes(failOn)) throw new Error(`batch with ${failOn}`);
      return items.map((n) => `b${n}`);
    },
    async (item) => {
      calls.push(`one ${item}`);
      await gate();
      if (item === failOn) throw new Error(`item ${item}`);
      return `o${item}`;
    },
    3,
  );
  /** Lets the write under way finish, once it has started. */
  const release = async () => {
    while (!gates.length) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { group, calls, release };
}

describe('GroupCommit', () => {
  it('writes a lone item at once, on its own', async () => {
    const { group, calls, release } = gatedWriter();
    const result = group.add(1);
    await release();
    expect(await result).toBe('o1');
    expect(calls).toEqual(['one 1']);
  });

  it('writes the items added in one turn together, at most maxBatch at a time, in order', async () => {
    const { group, calls, release } = gatedWriter();
    const results = [1, 2, 3, 4, 5].map((n) => group.add(n));
    await release();
    await release();
    expect(await Promise.all(results)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(calls).toEqual(['batch 1,2,3', 'batch 4,5']);
  });

  it('writes the items that came during a write together in the next transaction', async () => {
    const { group, calls, release } = gatedWriter();
    const first = group.add(1);
    while (!calls.length) await new Promise((resolve) => setImmediate(resolve));
    const later = [group.add(2), group.add(3)];
    await release(); // the lone first write
    await release(); // 2 and 3
    expect([await first, ...(await Promise.all(later))]).toEqual(['o1', 'b2', 'b3']);
    expect(calls).toEqual(['one 1', 'batch 2,3']);
  });

  it('writes a failed batch again item by item: only the bad item fails', async () => {
    const { group, calls, release } = gatedWriter(2);
    const results = [group.add(1), group.add(2), group.add(3)].map((p) =>
      p.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    for (let i = 0; i < 4; i++) await release(); // the batch 1,2,3; then 1, 2 and 3 alone
    expect(await Promise.all(results)).toEqual([{ value: 'o1' }, { error: 'item 2' }, { value: 'o3' }]);
    expect(calls).toEqual(['batch 1,2,3', 'one 1', 'one 2', 'one 3']);
  });

  it('starts again after going idle', async () => {
    const { group, calls, release } = gatedWriter();
    const first = group.add(1);
    await release();
    await first;
    const second = group.add(2);
    await release();
    expect(await second).toBe('o2');
    expect(calls).toEqual(['one 1', 'one 2']);
  });
});
