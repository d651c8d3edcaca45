/**
 * A server timestamp as `2026-11-22 03:14:05` in the browser's time zone, to the second (logs and
 * schedules need the seconds); a dash for no value, and text that is no time as it came.
 */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Room for a short time ("11-24 04:18") and a sorter, on one line. */
export const SHORT_TIME_WIDTH = 116;

/**
 * A timestamp shortened for a table cell: `11-24 04:18` within the current year, `2025-11-24`
 * before it (the whole time is in the cell's tooltip, see `ShortTime`).
 */
export function formatShortTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  if (d.getFullYear() !== now.getFullYear()) return `${d.getFullYear()}-${date}`;
  return `${date} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
