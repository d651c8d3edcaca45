import { USAGE_TREND_DAYS } from '@agent-console/contracts';
import { serverDay } from '../../../lib/server-day';

/**
 * Periods of usage in the server's time zone (WAVE2 §15.6: calendar month, server time zone).
 * Bounds are computed here as instants, so the database's own session time zone never matters.
 */
export interface Period {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

/** The calendar month holding `now`, moved by `offset` months (−1: last month). */
export function monthOf(now: Date, offset = 0): Period & { key: string } {
  const from = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  const to = new Date(now.getFullYear(), now.getMonth() + offset + 1, 1);
  return { from, to, key: serverDay(from) };
}

/** The last day of a period, `YYYY-MM-DD` (the day before its exclusive end). */
export function lastDayOf(period: Period): string {
  const end = new Date(period.to);
  end.setDate(end.getDate() - 1);
  return serverDay(end);
}

/** The trend's days, oldest first, today last (SPEC §9 "last 7 days", today included). */
export function trendDays(now: Date): (Period & { date: string })[] {
  return Array.from({ length: USAGE_TREND_DAYS }, (_, i) => {
    const back = USAGE_TREND_DAYS - 1 - i;
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back + 1);
    return { from, to, date: serverDay(from) };
  });
}
