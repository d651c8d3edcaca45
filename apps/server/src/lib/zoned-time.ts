/**
 * A moment as a wall clock in a time zone shows it: the calendar day and the minutes since
 * midnight. Follow-up's working and quiet hours and its daily cap are the customer's, not the
 * server's (a customer in another zone has its own night). A null zone is the server's own.
 */
export interface WallTime {
  /** `YYYY-MM-DD`. */
  day: string;
  /** 0–1439. */
  minutes: number;
}

/** The server's own zone, for customers without one (what `new Date().getHours()` uses). */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string | null): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  return format;
}

export function wallTime(at: Date, timeZone: string | null): WallTime {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * Whether `minutes` lies in [start, end), all minutes of the day. An `end` before `start` is a
 * window across midnight (quiet hours 22:00–08:00): from `start` to the day's end and from its
 * start to `end`.
 */
export function withinMinutes(minutes: number, start: number, end: number): boolean {
  if (end < start) return minutes >= start || minutes < end;
  return minutes >= start && minutes < end;
}
