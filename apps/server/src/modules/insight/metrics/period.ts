import { METRICS_DEFAULT_DAYS, METRICS_MAX_DAYS } from '@agent-console/contracts';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { addDays, daysBetween, serverDay, startOfDay } from '../../../lib/server-day';

/** A period of whole days in the server's time zone: `from` and `to` included; `start`/`end` the instants bounding it. */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * The period a metrics request asks for: both days given, one of them (the other follows from the
 * 7-day default), or none (the last 7 days, today included). A period ending before it starts,
 * or longer than a year, is refused naming `dateTo`.
 */
export function periodOf(q: { dateFrom?: string | undefined; dateTo?: string | undefined }, now = new Date()): Period {
  const span = METRICS_DEFAULT_DAYS - 1;
  const to = q.dateTo ?? (q.dateFrom ? addDays(q.dateFrom, span) : serverDay(now));
  const from = q.dateFrom ?? addDays(to, -span);
  const days = daysBetween(from, to);
  if (days < 1) throw AppError.field('A0400', 'dateTo', 'beforeStart');
  if (days > METRICS_MAX_DAYS) throw AppError.field('A0400', 'dateTo', 'rangeTooLong');
  return { from, to, start: startOfDay(from), end: startOfDay(addDays(to, 1)) };
}

/** The days of a period in order, for trends with one point per day. */
export function daysOf(period: Period): string[] {
  const n = daysBetween(period.from, period.to);
  return Array.from({ length: n }, (_, i) => addDays(period.from, i));
}

/**
 * A customer the caller may read metrics of: every customer for a data scope of all, else one of
 * the scope's customers. Metrics are customer-wide, so a caller limited to their own rows (scope 5)
 * reads none. Refused naming `customerId`, nothing read.
 */
export function assertMetricsCustomer(auth: AuthContext, customerId: number): void {
  const scope = auth.dataScope;
  if (!scope.all && !scope.customerIds.includes(customerId))
    throw AppError.field('A0312', 'customerId', 'invalidValue');
}
