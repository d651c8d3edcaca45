import cronParser from 'cron-parser';

/**
 * Cron expressions of scheduled jobs: five fields (minute hour day-of-month month day-of-week), or
 * six with seconds first (as Quartz writes them), read by cron-parser, the same
 * library pg-boss uses. Each instance ticks at the next fire time (jobs/scheduler.ts), so a
 * seconds field is kept to the second.
 */
export function isValidCron(expression: string): boolean {
  return parseCron(expression, new Date()) !== null;
}

function parseCron(expression: string, currentDate: Date) {
  const text = expression.trim();
  const fields = text.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) return null;
  // Only cron's own alphabet: digits, names of months and days, and * / , - ? L W #.
  if (!/^[\w*/,\-?#\s]+$/.test(text)) return null;
  try {
    return cronParser.parseExpression(text, { currentDate });
  } catch {
    return null;
  }
}

/**
 * Whether an expression fires at most once a minute: five fields always do; six only with a
 * single second (`0 0/5 * * * *`). A star, list, range or step in the seconds field (`0,30`,
 * `0-59`, `0/1`) fires more often. What owners without data scope "all" may schedule (issue 31, hole 8).
 */
export function firesAtMostOncePerMinute(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  return fields.length !== 6 || /^\d{1,2}$/.test(fields[0] ?? '');
}

/** The next `count` fire times strictly after `from`. */
export function nextFireTimes(expression: string, from: Date, count = 5): Date[] {
  const interval = parseCron(expression, from);
  if (!interval) return [];
  const out: Date[] = [];
  while (out.length < count && interval.hasNext()) out.push(interval.next().toDate());
  return out;
}

/** Fire times in (after, upTo], at most `cap` of them (oldest first). */
export function fireTimesBetween(expression: string, after: Date, upTo: Date, cap: number): Date[] {
  const interval = parseCron(expression, after);
  if (!interval) return [];
  const out: Date[] = [];
  while (out.length < cap && interval.hasNext()) {
    const next = interval.next().toDate();
    if (next > upTo) break;
    out.push(next);
  }
  return out;
}

/** The latest fire time at or before `upTo`, or null if there is none. */
export function latestFireTime(expression: string, upTo: Date): Date | null {
  // prev() is strictly before currentDate; a millisecond later includes upTo itself.
  const interval = parseCron(expression, new Date(upTo.getTime() + 1));
  if (!interval?.hasPrev()) return null;
  return interval.prev().toDate();
}
