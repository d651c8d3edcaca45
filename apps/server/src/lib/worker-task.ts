import { parentPort, type ResourceLimits, type Transferable, type Worker } from 'node:worker_threads';
import { startWorker } from './worker-thread';

/**
 * A small pool of worker threads for CPU-heavy work on untrusted input (document and spreadsheet
 * parsing): the work runs off the event loop, each worker has a memory ceiling (`resourceLimits`)
 * and each task a time limit after which its worker is terminated. A failed worker only fails its
 * own task; the next task gets a fresh worker.
 *
 * The entry is a module that calls `serveTasks`. Built, it is a `.js` file beside the bundle; from
 * the sources (tests, `tsx`), a `.ts` file, bundled once per process before it starts (see
 * `worker-thread.ts`).
 */

/** Why a task did not produce a result. */
export type WorkerFailure = 'timeout' | 'memory' | 'crashed' | 'threw' | 'closed';

export class WorkerTaskError extends Error {
  constructor(
    readonly failure: WorkerFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export interface WorkerPoolOptions {
  /** The worker module: a `.js` file, or a `.ts` file when running from the sources. */
  entry: URL;
  /** Workers at most; further tasks wait in a queue. */
  size: number;
  /** Time one task may take before its worker is terminated. */
  timeoutMs: number;
  /** Memory ceiling of each worker (V8 heap); past it the worker dies and its task fails. */
  resourceLimits: ResourceLimits;
  /** An idle worker is kept this long for the next task, then ended (default 10 s). */
  idleMs?: number;
}

interface Running {
  id: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Set once the worker is ready: the time limit measures the task, not the worker's start. */
  timer: NodeJS.Timeout | undefined;
}

interface Slot {
  worker: Worker;
  current: Running | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  /** Whether the worker has loaded its entry and serves tasks. */
  ready: boolean;
  /** Ends a worker that never gets ready. */
  bootTimer: NodeJS.Timeout | undefined;
}

/**
 * How long a fresh worker may take to load its entry. Loading (and, from the sources, compiling)
 * can take seconds on a busy machine, so it does not count against a task's own time limit.
 */
const BOOT_LIMIT_MS = 60_000;

interface Queued {
  input: unknown;
  transfer: readonly Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type TaskReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
/** A worker says `ready` once its handler listens, then answers each task. */
type Reply = TaskReply | { ready: true };

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Queued[] = [];
  private closed = false;
  private nextId = 1;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs one task; rejects with WorkerTaskError when the worker fails, times out or is closed. */
  run(input: In, transfer: readonly Transferable[] = []): Promise<Out> {
    if (this.closed) return Promise.reject(new WorkerTaskError('closed', 'the worker pool is closed'));
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, transfer, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /**
   * Starts a worker ahead of a task the caller expects soon (a file just uploaded), so that the
   * task does not wait for the worker's boot; unused, it ends after `idleMs` as any idle worker.
   */
  warm(): void {
    if (this.closed || this.slots.size > 0) return;
    this.release(this.spawn());
  }

  /** Workers running a task, workers waiting for one, and tasks waiting for a worker. */
  stats(): { busy: number; idle: number; queued: number } {
    let busy = 0;
    for (const slot of this.slots) if (slot.current) busy++;
    return { busy, idle: this.slots.size - busy, queued: this.queue.length };
  }

  /** Ends every worker; running and queued tasks reject with failure `closed`. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new WorkerTaskError('closed', 'the worker pool is closed');
    for (const task of this.queue.splice(0)) task.reject(error);
    await Promise.all([...this.slots].map((slot) => this.retire(slot, error)));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.current);
      if (!slot) {
        if (this.slots.size >= Math.max(1, this.options.size)) return;
        slot = this.spawn();
      }
      const task = this.queue.shift();
      if (!task) return;
      this.start(slot, task);
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.options.entry, this.options.resourceLimits);
    const slot: Slot = { worker, current: undefined, idleTimer: undefined, ready: false, bootTimer: undefined };
    slot.bootTimer = setTimeout(() => {
      void this.retire(slot, new WorkerTaskError('crashed', `the worker did not start within ${BOOT_LIMIT_MS} ms`));
    }, BOOT_LIMIT_MS);
    slot.bootTimer.unref();
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) this.ready(slot);
      else this.settle(slot, reply);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const failure = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed';
      void this.retire(slot, new WorkerTaskError(failure, err.message));
    });
    worker.on('exit', (code) => {
      void this.retire(slot, new WorkerTaskError('crashed', `the worker exited with code ${code}`));
    });
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, task: Queued): void {
    clearTimeout(slot.idleTimer);
    slot.worker.ref();
    const id = this.nextId++;
    slot.current = { id, resolve: task.resolve, reject: task.reject, timer: undefined };
    // A message sent before the worker listens waits in its port; the clock starts when it is ready.
    if (slot.ready) this.startClock(slot);
    try {
      slot.worker.postMessage({ id, input: task.input }, task.transfer);
    } catch (err) {
      // The input could not be sent (not cloneable): the task fails, the worker is still good.
      clearTimeout(slot.current.timer);
      slot.current = undefined;
      task.reject(new WorkerTaskError('threw', err instanceof Error ? err.message : String(err)));
      this.release(slot);
    }
  }

  private ready(slot: Slot): void {
    clearTimeout(slot.bootTimer);
    slot.ready = true;
    if (slot.current) this.startClock(slot);
  }

  private startClock(slot: Slot): void {
    const current = slot.current;
    if (!current || current.timer) return;
    current.timer = setTimeout(() => {
      void this.retire(slot, new WorkerTaskError('timeout', `took longer than ${this.options.timeoutMs} ms`));
    }, this.options.timeoutMs);
  }

  private settle(slot: Slot, reply: TaskReply): void {
    const current = slot.current;
    if (!current || current.id !== reply.id) return;
    clearTimeout(current.timer);
    slot.current = undefined;
    if (reply.ok) current.resolve(reply.value);
    else current.reject(new WorkerTaskError('threw', reply.message));
    this.release(slot);
  }

  /** A worker that finished its task takes the next one, or waits (unreferenced) and then ends. */
  private release(slot: Slot): void {
    if (this.queue.length) {
      this.dispatch();
      if (slot.current) return;
    }
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      void this.retire(slot, new WorkerTaskError('closed', 'idle worker ended'));
    }, this.options.idleMs ?? 10_000);
    slot.idleTimer.unref();
  }

  /** Removes a worker for good: its task (if any) fails with `error`, then it is terminated. */
  private async retire(slot: Slot, error: WorkerTaskError): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    clearTimeout(slot.bootTimer);
    const current = slot.current;
    slot.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
    await slot.worker.terminate().catch(() => {});
    if (!this.closed) this.dispatch();
  }
}

/**
 * The worker side: answers each task with the handler's result. A handler that throws fails only
 * that task (the pool rejects it with failure `threw` and the message).
 */
export function serveTasks<In, Out>(
  handler: (input: In) => Promise<Out> | Out,
  transferOf: (output: Out) => Transferable[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs inside a worker thread');
  port.on('message', async (message: { id: number; input: In }) => {
    let reply: TaskReply;
    let transfer: Transferable[] = [];
    try {
      const value = await handler(message.input);
      reply = { id: message.id, ok: true, value };
      transfer = transferOf(value);
    } catch (err) {
      reply = { id: message.id, ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply, transfer);
  });
  port.postMessage({ ready: true } satisfies Reply);
}
