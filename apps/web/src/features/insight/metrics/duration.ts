import type { TFunction } from 'i18next';

/**
 * A duration for people: "45 s", "3 min 20 s", "2 h 5 min" (texts `duration.*` of the caller's
 * namespace), or a dash when there is none.
 */
export function formatDuration(ms: number | null | undefined, t: TFunction): string {
  if (ms === null || ms === undefined) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return t('duration.seconds', { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { m: minutes, s: seconds % 60 });
  return t('duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}
