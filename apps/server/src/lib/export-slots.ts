import { AppError } from './app-error';

/**
 * How many exports may run at once. An export streams and yields, but it still reads its rows
 * from the one database and zips them on the one event loop: one customer's exports must not be
 * able to take every slot, and all of them together must leave room for everyone else.
 */
export interface ExportLimits {
  /** Exports of one customer at a time (A0502 beyond). */
  perCustomer: number;
  /** Exports of this process at a time, all customers together (A0503 beyond). */
  perProcess: number;
}

export const EXPORT_LIMITS: ExportLimits = { perCustomer: 1, perProcess: 3 };

/** Counts the running exports; `acquire` refuses one past a limit instead of queueing it. */
export class ExportSlots {
  private readonly byCustomer = new Map<number, number>();
  private total = 0;

  constructor(private readonly limits: ExportLimits = EXPORT_LIMITS) {}

  /**
   * Takes a slot for an export of `customerId`, or throws A0502 (the customer has its exports
   * running) or A0503 (the server has all it takes). The returned release may be called more
   * than once; only the first call counts.
   */
  acquire(customerId: number): () => void {
    const mine = this.byCustomer.get(customerId) ?? 0;
    if (mine >= this.limits.perCustomer) throw new AppError('A0502');
    if (this.total >= this.limits.perProcess) throw new AppError('A0503');
    this.byCustomer.set(customerId, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byCustomer.get(customerId) ?? 1) - 1;
      if (left > 0) this.byCustomer.set(customerId, left);
      else this.byCustomer.delete(customerId);
    };
  }

  /** Exports running for `customerId`, or in all when no customer is named. */
  running(customerId?: number): number {
    return customerId === undefined ? this.total : (this.byCustomer.get(customerId) ?? 0);
  }
}

/** The slots of this process: every export goes through `sendXlsx` (http/download.ts), which takes one. */
export const exportSlots = new ExportSlots();
