import { useListState } from './use-list-state';

export { formatTimestamp as formatTime } from './format';
export { withoutEmpty } from './use-list-state';

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
