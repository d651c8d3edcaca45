import type { AnyPageResult } from '@agent-console/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { usePageQuery } from '../../platform/resources/list-query';
import type { ListSource } from '../../platform/resources/monitor';
import { filtersToRange, type RangeFields, type RangeValue, rangeToFilters } from '../crud/TimeRange';
import { type ListStateOptions, useListState, withoutEmpty } from '../crud/use-list-state';

/** A list request without its paging and sorting: what the search form sets. */
export type ListFilters<Req> = Omit<
  Req,
  'pageNum' | 'pageSize' | 'orderBy' | 'cursor' | 'cursorDirection' | 'withTotal'
>;

/** The search form's values: the list's filters, with the two ends of its time range as one picker. */
export type LogSearchValues<Filters> = Partial<Filters> & { range?: RangeValue };

export interface LogListOptions<Filters> extends Omit<ListStateOptions<Filters>, 'initialFilters' | 'totalText'> {
  /** Rows a page shows at first; logs are long, so 20. */
  pageSize?: number;
  /** The time-range filter: the two filters it sets, and its label (the log's "Time" by default). */
  range?: RangeFields<Filters> & { label?: string };
}

/**
 * One log list's state on top of the crud list state: paging, sorting and filters (in the URL unless
 * inside a drawer), the page query, and the search form, whose time-range picker stands for two
 * filters.
 */
export function useLogList<Req extends object, Row, F extends string>(
  source: ListSource<Req, Row>,
  sortable: readonly F[],
  { pageSize = 20, range, ...options }: LogListOptions<ListFilters<Req>> = {},
): LogListState<Req, Row, F> {
  type Filters = ListFilters<Req>;
  const list = useListState<Filters, F>(sortable, pageSize, { ...options, keyset: !!source.keyset });
  // The list state is shaped as the request (filters, paging, an allow-listed sort field); only
  // the generic types cannot show it.
  const body = list.request as unknown as Req;
  const query = usePageQuery(source.key, source.page, body);
  const [form] = Form.useForm<LogSearchValues<Filters>>();

  const search = ({ range: picked, ...fields }: LogSearchValues<Filters>) => {
    const next: Record<string, unknown> = { ...fields, ...(range ? rangeToFilters(picked, range) : {}) };
    list.setFilters(withoutEmpty(next) as Filters);
  };

  let values: LogSearchValues<Filters> = list.filters;
  if (range) {
    const rest: Partial<Filters> = { ...list.filters };
    delete rest[range.from];
    delete rest[range.to];
    values = { ...rest, range: filtersToRange(list.filters, range) };
  }

  return { ...list, body, source, query, form, search, values, range };
}

type ListState<Req, F extends string> = ReturnType<typeof useListState<ListFilters<Req>, F>>;

export interface LogListState<Req extends object, Row, F extends string> extends ListState<Req, F> {
  /** The request of the page shown: filters, paging, sort. */
  body: Req;
  source: ListSource<Req, Row>;
  query: UseQueryResult<AnyPageResult<Row>>;
  form: FormInstance<LogSearchValues<ListFilters<Req>>>;
  search(values: LogSearchValues<ListFilters<Req>>): void;
  /** What the search form shows: the filters in force. */
  values: LogSearchValues<ListFilters<Req>>;
  range: LogListOptions<ListFilters<Req>>['range'];
}
