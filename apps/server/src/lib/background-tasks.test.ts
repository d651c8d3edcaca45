import { signal } from '@agent-console/server/test/fixtures/signal';
import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background-tasks';

/** A promise with its resolve, to hold a task open until the test lets it go. */
function gate() {
  const [opened, open] = signal();
  return { opened, open };
}

describe('background tasks', () => {
  it('close waits for running tasks, and the tasks they start, then refuses new ones', async () => {
    const tasks = new BackgroundTasks();
    const first = gate();
    const second = gate();
    const done: string[] = [];
    tasks.run('first', async () => {
      await first.opened;
      tasks.run('started by first', async () => {
        await second.opened;
        done.push('second');
      });
      done.push('first');
    });
    let closed = false;
    const closing = tasks.close().then(() => {
      closed = true;
    });
    first.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(['first']);
    expect(closed).toBe(false);
    second.open();
    await closing;
    expect(done).toEqual(['first', 'second']);
    let ran = false;
    tasks.run('after close', async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(tasks.size).toBe(0);
  });

  it('reports what a task threw, synchronously or not, and never rejects', async () => {
    const errors: string[] = [];
    const tasks = new BackgroundTasks((err, what) => errors.push(`${what}: ${(err as Error).message}`));
    tasks.run('async', async () => {
      throw new Error('boom');
    });
    tasks.run('sync', () => {
      throw new Error('at once');
    });
    await tasks.idle();
    expect(errors.sort()).toEqual(['async: boom', 'sync: at once']);
  });
});
