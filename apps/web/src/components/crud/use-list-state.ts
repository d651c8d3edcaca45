import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface OrderBy<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * Paging, sorting and filters of one list screen, shaped as the body of its `POST .../page`.
 * New filters go back to page 1; sorting comes from the table's column headers and only for
 * fields of the list's allow-list.
 */
export function useListState<Filters extends object, F extends string>(
  sortable: readonly F[],
  initialPageSize = 10,
  options: { totalText?: (count: number) => string; initialFilters?: Filters } = {},
) {
  const { t } = useTranslation('crud');
  const [filters, setFiltersState] = useState<Filters>(options.initialFilters ?? ({} as Filters));
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [orderBy, setOrderBy] = useState<OrderBy<F> | undefined>();

  const request = { ...filters, pageNum, pageSize, ...(orderBy ? { orderBy } : {}) };

  const setFilters = (next: Filters) => {
    setFiltersState(next);
    setPageNum(1);
  };

  /** `exact` false: the server stopped counting (large logs), so the total is "at least". */
  const pagination = (total: number | undefined, exact?: boolean): TablePaginationConfig => ({
    current: pageNum,
    pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n) =>
      exact === false ? t('totalAtLeast', { count: n }) : (options.totalText?.(n) ?? t('total', { count: n })),
  });

  const onChange = <T>(page: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = String(one?.columnKey ?? one?.field ?? '') as F;
    setOrderBy(
      one?.order && sortable.includes(field)
        ? { field, direction: one.order === 'ascend' ? 'asc' : 'desc' }
        : undefined,
    );
    if (page.pageSize && page.pageSize !== pageSize) {
      setPageSize(page.pageSize);
      setPageNum(1);
    } else {
      setPageNum(page.current ?? 1);
    }
  };

  /** What a sortable column shows in its header. */
  const sortOrder = (field: F) =>
    orderBy?.field === field ? (orderBy.direction === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  /** Props for a sortable column keyed by an allow-listed field. */
  const sortable_ = (field: F) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  return { request, filters, setFilters, pagination, onChange, sortOrder, sortable: sortable_ };
}

/** Empty inputs are no filter at all. */
export function withoutEmpty<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;
}
