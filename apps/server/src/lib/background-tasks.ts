/**
 * Work an app starts beside its requests and does not wait for: an alert mail, a sweep of old
 * rate-limit rows, an operation-log row, a backfill at start. Closing the app waits for all of
 * it, including what the running tasks start meanwhile; work asked for once the close has ended
 * is not started, so nothing reaches the database after it has closed (issue 31;
 * `Database.lateStatements` reports what would).
 * One per app (app.ts); modules get it as `deps.tasks`.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  /** `onError` hears what a task threw, with the task's name; a task never rejects anything. */
  constructor(private readonly onError: (err: unknown, what: string) => void = () => {}) {}

  /** Starts `work` now unless the app has closed; it is waited for by `idle` and `close`. */
  run(what: string, work: () => Promise<unknown>): void {
    if (this.closed) return;
    let task: Promise<void>;
    try {
      task = work().then(
        () => undefined,
        (err: unknown) => this.onError(err, what),
      );
    } catch (err) {
      this.onError(err, what);
      return;
    }
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** How many tasks are running now. */
  get size(): number {
    return this.running.size;
  }

  /** Settles once every task running now, and every task they started, has ended. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** Waits for the running tasks (and those they start), then refuses new ones. */
  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
  }
}
