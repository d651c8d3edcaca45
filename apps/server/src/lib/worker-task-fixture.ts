/**
 * Test-only worker for worker-task.test.ts: tasks that answer, wait on a flag, spin forever,
 * allocate without end, throw or exit. Never imported by the server.
 */
import { serveTasks } from './worker-task';

export type FixtureTask =
  | { do: 'echo'; value: unknown }
  | { do: 'sum'; data: Uint8Array }
  | { do: 'busyUntil'; flag: SharedArrayBuffer }
  | { do: 'spin' }
  | { do: 'allocate' }
  | { do: 'throw'; message: string }
  | { do: 'exit' };

serveTasks<FixtureTask, unknown>((task) => {
  switch (task.do) {
    case 'echo':
      return task.value;
    case 'sum':
      return task.data.reduce((a, b) => a + b, 0);
    case 'busyUntil': {
      // Busy on the CPU, as a parser is, until the test sets the flag.
      const flag = new Int32Array(task.flag);
      Atomics.store(flag, 1, 1);
      while (Atomics.load(flag, 0) === 0) {
        /* busy */
      }
      return 'released';
    }
    case 'spin':
      for (;;) {
        /* never ends: the pool's time limit must end it */
      }
    case 'allocate': {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array(100_000).fill(hoard.length));
    }
    case 'throw':
      throw new Error(task.message);
    case 'exit':
      process.exit(3);
  }
});
