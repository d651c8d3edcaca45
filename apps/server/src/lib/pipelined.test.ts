import { describe, expect, it } from 'vitest';
import { pipelined } from './pipelined';

describe('pipelined', () => {
  it('prepares the next item before consuming the current one, and consumes in order', async () => {
    const events: string[] = [];
    const done = await pipelined(
      [1, 2, 3],
      async (n) => {
        events.push(`prepare ${n}`);
        return n * 10;
      },
      async (n, prepared) => {
        events.push(`consume ${n}:${prepared}`);
        return undefined;
      },
    );
    expect(done).toBe(true);
    expect(events).toEqual(['prepare 1', 'prepare 2', 'consume 1:10', 'prepare 3', 'consume 2:20', 'consume 3:30']);
  });

  it('stops when consume answers false, and prepares nothing past the next item', async () => {
    const prepared: number[] = [];
    const consumed: number[] = [];
    const done = await pipelined(
      [1, 2, 3, 4],
      async (n) => {
        prepared.push(n);
        return n;
      },
      async (n) => {
        consumed.push(n);
        return n < 2;
      },
    );
    expect(done).toBe(false);
    expect(consumed).toEqual([1, 2]);
    expect(prepared).toEqual([1, 2, 3]);
  });

  it('ends with a failure of either stage, leaving no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failingAtTwo = async (n: number) => {
        if (n === 2) throw new Error('prepare 2 failed');
        return n;
      };
      const failing = async () => {
        throw new Error('consume failed');
      };
      await expect(pipelined([1, 2], failingAtTwo, failing)).rejects.toThrow('consume failed');
      // Slower than the failing preparation: it fails turns of the event loop before it is awaited.
      const slow = async () => {
        for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
        return undefined;
      };
      await expect(pipelined([1, 2], failingAtTwo, slow)).rejects.toThrow('prepare 2 failed');
      // Rejections nobody handled are reported once the current turn of the event loop ends.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
