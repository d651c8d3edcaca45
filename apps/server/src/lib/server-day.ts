/**
 * The calendar day of a moment in the server's time zone, as `YYYY-MM-DD`: the key of every
 * per-day counter, so a day means the same to the roll-ups and to the dashboards reading them.
 */
export function serverDay(at: Date): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The day `days` after (or before, when negative) `day`, both `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return serverDay(new Date(y, m - 1, d + days));
}

/** Days from `from` to `to`, both included; 1 for the same day. */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

/** The start of a day in the server's time zone. */
export function startOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
