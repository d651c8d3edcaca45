import { useListState } from '../../../components/crud/use-list-state';

export { withoutEmpty } from '../../../components/crud/use-list-state';

/**
 * The shared list state with the screen's own total text (the dictionary, job and job-log
 * screens count in their own words).
 */
export function usePageList<Filters extends object, F extends string>(
  sortable: readonly F[],
  totalText: (count: number) => string,
  initialFilters: Filters = {} as Filters,
) {
  return useListState<Filters, F>(sortable, 10, { totalText, initialFilters });
}

/** `2026-11-22 03:14:05` in the browser's time zone. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
