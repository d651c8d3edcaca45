import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { type FieldSchemas, type ListState, type OrderBy, readListQuery, writeListQuery } from './list-query';
import { type Mirror, mirrorForRender, needsWrite, type Pending, settled } from './url-mirror';

export type { OrderBy } from './list-query';

/**
 * Whether lists keep their state in the URL. A list shown inside a drawer or dialog sits below a
 * provider of `false` (`ListDrawer`), so it never takes over the query of the page behind it.
 */
export const ListLocationContext = createContext(true);

export interface ListStateOptions<Filters> {
  /** The total under the table, when the screen counts in its own words. */
  totalText?: (count: number) => string;
  /** Filters of a fresh list: when the URL holds none, or for a list kept in memory. */
  initialFilters?: Filters;
  /**
   * The list's page-query schema from the contracts: filters read back from the URL get their
   * types from it (numbers, booleans, lists), and values it refuses are ignored. Giving it puts
   * the list's state in the URL.
   */
  schema?: FieldSchemas;
  /**
   * Keep the state in the URL query or in memory. By default in the URL when a schema is given,
   * except inside a `ListDrawer`; a list without one stays in memory, so a reload never shows
   * filters its search form cannot show back.
   */
  syncWithLocation?: boolean;
}

/**
 * Paging, sorting and filters of one list screen, shaped as the body of its `POST .../page`.
 * Given the list's schema they live in the URL query (replaced, not pushed, so Back leaves the
 * screen rather than stepping through searches): a reload, a copied link or a reopened tab shows
 * the same list.
 * New filters go back to page 1; sorting comes from the table's column headers and only for
 * fields of the list's allow-list.
 */
export function useListState<Filters extends object, F extends string>(
  sortable: readonly F[],
  initialPageSize = 10,
  options: ListStateOptions<Filters> = {},
) {
  const { t } = useTranslation('crud');
  const inPage = useContext(ListLocationContext);
  const { schema, initialFilters } = options;
  const sync = options.syncWithLocation ?? (inPage && !!schema);
  const [params, setParams] = useSearchParams();
  const codec = { sortable, defaultPageSize: initialPageSize, schema };

  const fromUrl = useMemo(() => {
    const read = readListQuery<Filters, F>(params, { sortable, defaultPageSize: initialPageSize, schema });
    const none = Object.keys(read.filters).length === 0;
    return none && initialFilters ? { ...read, filters: initialFilters } : read;
  }, [params, sortable, initialPageSize, schema, initialFilters]);
  const [local, setLocal] = useState<ListState<Filters, F>>(() => ({
    filters: initialFilters ?? ({} as Filters),
    pageNum: 1,
    pageSize: initialPageSize,
  }));
  // The list follows its own changes at once, not when the router gets round to the new URL:
  // two quick clicks on a sort header must each see the other's result (see url-mirror.ts).
  const urlKey = params.toString();
  const location = useLocation();
  const pending = useRef<Pending>([]);
  // Every navigation settles writes, even one that left the query as it was (writes coalesced).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    pending.current = settled(pending.current, urlKey);
  }, [location, urlKey]);
  const [mirror, setMirror] = useState<Mirror<ListState<Filters, F>>>(() => ({ key: urlKey, state: fromUrl }));
  const shown = sync ? mirrorForRender(mirror, urlKey, pending.current, fromUrl) : mirror;
  if (shown !== mirror) setMirror(shown);
  const state = sync ? shown.state : local;
  const latest = useRef(state);
  latest.current = state;
  const { filters, pageNum, pageSize, orderBy } = state;

  const commit = (update: (prev: ListState<Filters, F>) => ListState<Filters, F>) => {
    if (!sync) return setLocal(update);
    const next = update(latest.current);
    latest.current = next;
    const query = writeListQuery(next, params, codec);
    const key = query.toString();
    setMirror({ key, state: next });
    if (!needsWrite(key, urlKey, pending.current)) return;
    pending.current = [...pending.current, key];
    setParams(query, { replace: true });
  };

  const request = { ...filters, pageNum, pageSize, ...(orderBy ? { orderBy } : {}) };

  const setFilters = (next: Filters) => commit((prev) => ({ ...prev, filters: next, pageNum: 1 }));

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
    const nextOrder: OrderBy<F> | undefined =
      one?.order && sortable.includes(field)
        ? { field, direction: one.order === 'ascend' ? 'asc' : 'desc' }
        : undefined;
    commit((prev) => {
      const resized = !!page.pageSize && page.pageSize !== prev.pageSize;
      return {
        filters: prev.filters,
        orderBy: nextOrder,
        pageSize: page.pageSize ?? prev.pageSize,
        pageNum: resized ? 1 : (page.current ?? 1),
      };
    });
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
