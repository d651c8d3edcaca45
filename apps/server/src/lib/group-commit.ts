/**
 * Group commit: writes that arrive while one is under way are queued and go together in the
 * next batch, so a burst costs one transaction (one commit, one flush to disk) instead of one per
 * write, and a lone write goes at once, never waiting for company. At most one batch runs at a
 * time per group. A batch that fails is written again item by item, so one bad item fails alone
 * and the others are not lost.
 */
export class GroupCommit<T, R> {
  private readonly queue: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;

  constructor(
    /** Writes several items in one transaction; answers their results in the same order. */
    private readonly writeBatch: (items: readonly T[]) => Promise<R[]>,
    /** Writes one item in a transaction of its own. */
    private readonly writeOne: (item: T) => Promise<R>,
    private readonly maxBatch: number,
    /** Batches under way at once: 1 on a database of one connection, more where a pool writes in parallel. */
    private readonly concurrency = 1,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running < this.concurrency) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running++;
    try {
      while (this.queue.length) {
        // One turn of the event loop first: the writers just answered, and requests already
        // received, add theirs to this batch instead of making the next one.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = this.queue.splice(0, this.maxBatch);
        if (batch.length > 1) {
          try {
            const results = await this.writeBatch(batch.map((entry) => entry.item));
            for (const [i, entry] of batch.entries()) entry.resolve(results[i] as R);
            continue;
          } catch {
            // Written again one by one below: the item that failed the batch fails alone.
          }
        }
        for (const entry of batch) {
          try {
            entry.resolve(await this.writeOne(entry.item));
          } catch (error) {
            entry.reject(error);
          }
        }
      }
    } finally {
      this.running--;
    }
  }
}
