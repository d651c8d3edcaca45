import type { AnyPageResult } from '@agent-console/contracts';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { positionFor, totalShown } from './keyset-paging';
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
  /**
   * The list pages by cursor (its server answers `nextCursor` and `prevCursor`): the next and the
   * previous page are asked for by cursor, and the total is counted only on the first page.
   */
  keyset?: boolean;
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
  const { schema, initialFilters, keyset } = options;
  const sync = options.syncWithLocation ?? (inPage && !!schema);
  const [params, setParams] = useSearchParams();
  const codec = { sortable, defaultPageSize: initialPageSize, schema, keyset };

  const fromUrl = useMemo(() => {
    const read = readListQuery<Filters, F>(params, { sortable, defaultPageSize: initialPageSize, schema, keyset });
    const none = Object.keys(read.filters).length === 0;
    return none && initialFilters ? { ...read, filters: initialFilters } : read;
  }, [params, sortable, initialPageSize, schema, initialFilters, keyset]);
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
  const { filters, pageNum, pageSize, orderBy, cursor, cursorDirection, known } = state;

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

  const request = {
    ...filters,
    pageNum,
    pageSize,
    ...(orderBy ? { orderBy } : {}),
    ...(cursor ? { cursor, ...(cursorDirection ? { cursorDirection } : {}) } : {}),
    ...(known ? { withTotal: false } : {}),
  };

  // New filters start afresh: first page, no cursor, counted again.
  const setFilters = (next: Filters) =>
    commit((prev) => ({ filters: next, pageNum: 1, pageSize: prev.pageSize, orderBy: prev.orderBy }));

  /**
   * The pager. `exact` false: the server stopped counting (large logs), so the total is "at least".
   * A keyset list hands in the page shown, whose number, cursors and count the pager follows.
   */
  const pagination = (
    total: number | null | undefined,
    exact?: boolean,
    shown?: AnyPageResult<unknown>,
  ): TablePaginationConfig => {
    const counted = keyset ? totalShown(shown, known) : total != null ? { total, exact: exact !== false } : undefined;
    return {
      current: keyset && shown ? shown.pageNum : pageNum,
      pageSize,
      total: counted?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (n) =>
        counted?.exact === false
          ? t('totalAtLeast', { count: n })
          : (options.totalText?.(n) ?? t('total', { count: n })),
    };
  };

  const change = <T>(
    page: TablePaginationConfig,
    sorter: SorterResult<T> | SorterResult<T>[],
    shown: AnyPageResult<unknown> | undefined,
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = String(one?.columnKey ?? one?.field ?? '') as F;
    const nextOrder: OrderBy<F> | undefined =
      one?.order && sortable.includes(field)
        ? { field, direction: one.order === 'ascend' ? 'asc' : 'desc' }
        : undefined;
    commit((prev) => {
      const resized = !!page.pageSize && page.pageSize !== prev.pageSize;
      const same = { filters: prev.filters, orderBy: nextOrder, pageSize: page.pageSize ?? prev.pageSize };
      if (!keyset) return { ...same, pageNum: resized ? 1 : (page.current ?? 1) };
      const resorted = JSON.stringify(nextOrder) !== JSON.stringify(prev.orderBy);
      if (resized || resorted) return { ...same, pageNum: 1 };
      const position = positionFor(page.current ?? 1, shown);
      // The first page counts again; any other carries the total along instead.
      if (position.pageNum === 1) return { ...same, ...position };
      return { ...same, ...position, known: totalShown(shown, prev.known) };
    });
  };

  /** The table's page, size and sort changes. */
  const onChange = <T>(page: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) =>
    change(page, sorter, undefined);

  /** The pager and page turns following the page shown: what a keyset list's table needs. */
  const paging = (shown: AnyPageResult<unknown> | undefined) => ({
    pagination: pagination(shown?.total, shown?.totalExact, shown),
    onChange: <T>(page: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) =>
      change(page, sorter, shown),
  });

  /** What a sortable column shows in its header. */
  const sortOrder = (field: F) =>
    orderBy?.field === field ? (orderBy.direction === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  /** Props for a sortable column keyed by an allow-listed field. */
  const sortable_ = (field: F) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  return { request, filters, setFilters, pagination, onChange, paging, sortOrder, sortable: sortable_ };
}

/** Empty inputs are no filter at all. */
export function withoutEmpty<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;
}
