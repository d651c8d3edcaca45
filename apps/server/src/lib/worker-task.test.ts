import {
  type FixtureTask,
  slowStartFixtureEntry,
  workerTaskFixtureEntry,
} from '@agent-console/server/test/fixtures/worker-task';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, WorkerTaskError } from './worker-task';

/**
 * The worker pool that parses untrusted files (issue 7, item 7): work runs off the event loop,
 * a worker past its memory ceiling or its time limit is ended and fails only its own task, and
 * nothing is left running after close.
 */
const pools: WorkerPool<FixtureTask, unknown>[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function makePool(options: { size?: number; timeoutMs?: number; heapMb?: number } = {}) {
  const pool = new WorkerPool<FixtureTask, unknown>({
    entry: workerTaskFixtureEntry,
    size: options.size ?? 1,
    timeoutMs: options.timeoutMs ?? 30_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 64 },
  });
  pools.push(pool);
  return pool;
}

async function failureOf(promise: Promise<unknown>): Promise<WorkerTaskError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkerTaskError);
  return err as WorkerTaskError;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

describe('WorkerPool', () => {
  it('runs tasks in a worker thread, transferring their bytes', async () => {
    const pool = makePool();
    expect(await pool.run({ do: 'echo', value: { a: [1, 'b'] } })).toEqual({ a: [1, 'b'] });
    const data = new Uint8Array([1, 2, 3, 4]);
    expect(await pool.run({ do: 'sum', data }, [data.buffer])).toBe(10);
    // Transferred, not copied: the caller's view is detached.
    expect(data.byteLength).toBe(0);
  });

  it('keeps the event loop free while a worker is busy on the CPU', async () => {
    const pool = makePool();
    const flag = new SharedArrayBuffer(8);
    const state = new Int32Array(flag);
    const task = pool.run({ do: 'busyUntil', flag });
    await until(() => Atomics.load(state, 1) === 1);
    // The worker spins; timers, I/O and other promises on this thread still run.
    let ticks = 0;
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 1));
      ticks++;
    }
    expect(ticks).toBe(5);
    expect(pool.stats()).toMatchObject({ busy: 1 });
    Atomics.store(state, 0, 1);
    expect(await task).toBe('released');
  });

  it('ends a task past its time limit and runs the next one on a fresh worker', async () => {
    const pool = makePool({ timeoutMs: 1_500 });
    const err = await failureOf(pool.run({ do: 'spin' }));
    expect(err.failure).toBe('timeout');
    expect(pool.stats()).toEqual({ busy: 0, idle: 0, queued: 0 });
    expect(await pool.run({ do: 'echo', value: 'after' })).toBe('after');
  });

  it('counts a task’s time from when its worker is ready, not from when it was started', async () => {
    const pool = new WorkerPool<{ value: unknown }, unknown>({
      entry: slowStartFixtureEntry,
      size: 1,
      timeoutMs: 500,
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    try {
      expect(await pool.run({ value: 'slow start' })).toBe('slow start');
    } finally {
      await pool.close();
    }
  });

  it('ends a worker past its memory ceiling; only its own task fails', async () => {
    const pool = makePool({ heapMb: 32 });
    const err = await failureOf(pool.run({ do: 'allocate' }));
    expect(err.failure).toBe('memory');
    expect(await pool.run({ do: 'echo', value: 'still here' })).toBe('still here');
  });

  it('fails a task whose handler throws, and keeps the worker', async () => {
    const pool = makePool();
    const err = await failureOf(pool.run({ do: 'throw', message: 'no luck' }));
    expect(err).toMatchObject({ failure: 'threw', message: 'no luck' });
    expect(pool.stats()).toMatchObject({ idle: 1 });
    expect(await pool.run({ do: 'echo', value: 1 })).toBe(1);
  });

  it('fails a task whose worker exits', async () => {
    const pool = makePool();
    expect((await failureOf(pool.run({ do: 'exit' }))).failure).toBe('crashed');
    expect(await pool.run({ do: 'echo', value: 2 })).toBe(2);
  });

  it('queues tasks beyond its size and runs them all', async () => {
    const pool = makePool({ size: 1 });
    const results = await Promise.all([1, 2, 3].map((value) => pool.run({ do: 'echo', value })));
    expect(results).toEqual([1, 2, 3]);
  });

  it('boots a worker ahead when warmed, gives the next task to it, and ends it when unused', async () => {
    const pool = new WorkerPool<FixtureTask, unknown>({
      entry: workerTaskFixtureEntry,
      size: 2,
      timeoutMs: 30_000,
      idleMs: 300,
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    pools.push(pool);
    pool.warm();
    pool.warm();
    expect(pool.stats()).toEqual({ busy: 0, idle: 1, queued: 0 });
    expect(await pool.run({ do: 'echo', value: 'on the warm worker' })).toBe('on the warm worker');
    // The task took the warmed worker: a second one would have been started beside it.
    expect(pool.stats()).toEqual({ busy: 0, idle: 1, queued: 0 });
    await until(() => pool.stats().idle === 0);
    pool.warm();
    expect(pool.stats().idle).toBe(1);
    await pool.close();
    pool.warm();
    expect(pool.stats()).toEqual({ busy: 0, idle: 0, queued: 0 });
  });

  it('close ends running and queued tasks and leaves no worker', async () => {
    const pool = makePool({ size: 1 });
    const flag = new SharedArrayBuffer(8);
    const running = failureOf(pool.run({ do: 'busyUntil', flag }));
    const queued = failureOf(pool.run({ do: 'echo', value: 'never' }));
    await until(() => Atomics.load(new Int32Array(flag), 1) === 1);
    expect(pool.stats()).toEqual({ busy: 1, idle: 0, queued: 1 });
    await pool.close();
    expect((await running).failure).toBe('closed');
    expect((await queued).failure).toBe('closed');
    expect(pool.stats()).toEqual({ busy: 0, idle: 0, queued: 0 });
    expect((await failureOf(pool.run({ do: 'echo', value: 'late' }))).failure).toBe('closed');
  });
});
