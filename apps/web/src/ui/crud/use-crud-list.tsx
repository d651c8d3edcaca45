import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageQuery } from './CrudTable';
import { formatTime, SHORT_TIME_WIDTH } from './format';
import { shortTime } from './ShortTime';
import { StatusSwitch } from './StatusSwitch';
import { StatusTag } from './StatusTag';
import { useEditDialog } from './use-edit-dialog';
import { type ListStateOptions, useListState } from './use-list-state';

/** What a page request holds besides its filters. */
type Paging = 'pageNum' | 'pageSize' | 'orderBy' | 'cursor' | 'cursorDirection' | 'withTotal';

/** The filters of a list: its page request without paging, sort and the screen's fixed `params`. */
export type CrudFilters<Req, P = Record<never, never>> = Omit<NonNullable<Req>, Paging | keyof P>;

/** The fields a page request may be sorted by (its `orderBy.field`). */
export type SortField<Req> = Req extends { orderBy?: infer O }
  ? NonNullable<O> extends { field: infer F extends string }
    ? F
    : never
  : never;

/** The row of a page query. */
type RowOf<Q extends PageQuery<unknown>> = NonNullable<Q['data']>['list'][number];

/** The switch of a status column that switches the row at once (`StatusSwitch`). */
export interface StatusSwitchColumn<Row> {
  /** The permission code switching needs; without it the switch only shows the state. */
  permission: string;
  /** Saves the row's new state. */
  onChange(row: Row, enabled: boolean): Promise<unknown>;
  testId(row: Row): string;
  /** Rows whose state cannot be switched here (the signed-in user). */
  disabled?(row: Row): boolean;
}

/** A time column's extra props; `short`: the short form in a narrow column, the whole time in a tooltip. */
type TimeColumn<Row> = TableColumnType<Row> & { short?: boolean };

/** Columns most lists have; `more` adds to their props or overrides them (a width, `hidden`, a `render`). */
export interface CrudColumns<Row, F extends string> {
  /** A field's column, sorted by its header. */
  sortable(field: F, title: ReactNode, more?: TableColumnType<Row>): TableColumnType<Row>;
  /** A time, to the second or `short`; sorted by its header when the list may be sorted by it. */
  time(field: string, title: ReactNode, more?: TimeColumn<Row>): TableColumnType<Row>;
  createdAt(more?: TimeColumn<Row>): TableColumnType<Row>;
  updatedAt(more?: TimeColumn<Row>): TableColumnType<Row>;
  /** The order number (`sort`), sorted by its header when the list may be sorted by it. */
  sort(more?: TableColumnType<Row>): TableColumnType<Row>;
  /** Enabled or disabled (`enabled`), as a tag. */
  status(more?: TableColumnType<Row>): TableColumnType<Row>;
  /** Enabled or disabled as a switch; sorted by its header when the list may be sorted by it. */
  statusSwitch(toggle: StatusSwitchColumn<Row>, more?: TableColumnType<Row>): TableColumnType<Row>;
}

export interface CrudListOptions<Req, Q, F extends string, P> extends ListStateOptions<CrudFilters<Req, P>> {
  /** The list's page hook (`usePostPage`), called with the request: filters, paging, sort and `params`. */
  usePage: (request: Req) => Q;
  /** Parts of the request that are not the user's filters, e.g. the dictionary whose entries are listed. */
  params?: P;
  /** The list's allow-list of sort fields (`POST_SORT_FIELDS`); none: the list is not sorted by its headers. */
  sortable?: readonly F[];
  /** Rows a page shows at first. */
  pageSize?: number;
  /** The delete write (`usePostMutation(postApi.remove)`): each row's Delete and the batch button. */
  remove?: { mutateAsync(ids: number[]): Promise<unknown> };
  /** Permission codes that show New, Edit and Delete (`CrudTable`'s `permissions`). */
  permissions?: { add?: string; edit?: string; remove?: string };
  /** New and Edit open the screen's create/edit dialog, which is given `dialog.props`. */
  dialog?: boolean;
}

const NO_SORT: readonly never[] = [];

/**
 * The wiring every list screen shares: its state (`useListState`: paging, sorting and filters, in
 * the URL when a `schema` is given), its page query, its create/edit dialog (`useEditDialog`) and
 * delete, handed to `CrudTable` in one spread (`table`), and the columns most lists have (`column`).
 *
 * ```tsx
 * const { list, table, column, dialog } = useCrudList({ usePage: usePostPage, sortable: POST_SORT_FIELDS, … });
 * <CrudTable<Post> testId="post-page" {...table} search={<SearchForm list={list}>…</SearchForm>} columns={…} />
 * <PostDialog {...dialog.props} />
 * ```
 */
export function useCrudList<
  Req,
  Q extends PageQuery<{ id: number }>,
  F extends SortField<Req> = never,
  P extends Partial<NonNullable<Req>> = Record<never, never>,
>({
  usePage,
  params,
  sortable = NO_SORT,
  pageSize = 10,
  remove,
  permissions,
  dialog: opensDialog,
  ...options
}: CrudListOptions<Req, Q, F, P>) {
  type Row = RowOf<Q>;
  const { t } = useTranslation('crud');
  const list = useListState<CrudFilters<Req, P>, F>(sortable, pageSize, options);
  // The list state is shaped as the request (filters, paging, an allow-listed sort field); only the
  // generic types cannot show it.
  const query = usePage({ ...list.request, ...params } as unknown as Req);
  const dialog = useEditDialog<Row>();

  /** The header sorter of a field the list may be sorted by; nothing for any other. */
  const sortedBy = (field: string) =>
    (sortable as readonly string[]).includes(field) ? list.sortable(field as F) : {};
  const time = (field: string, title: ReactNode, { short, ...more }: TimeColumn<Row> = {}): TableColumnType<Row> => ({
    title,
    dataIndex: field,
    ...sortedBy(field),
    ...(short ? { width: SHORT_TIME_WIDTH, render: shortTime } : { render: formatTime }),
    ...more,
  });

  const column: CrudColumns<Row, F> = {
    sortable: (field, title, more) => ({ title, dataIndex: field, ...list.sortable(field), ...more }),
    time,
    createdAt: (more) => time('createdAt', t('createdAt'), more),
    updatedAt: (more) => time('updatedAt', t('updatedAt'), more),
    sort: (more) => ({ title: t('sort'), dataIndex: 'sort', ...sortedBy('sort'), ...more }),
    status: (more) => ({
      title: t('status'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => <StatusTag enabled={enabled} />,
      ...more,
    }),
    statusSwitch: (toggle, more) => ({
      title: t('status'),
      dataIndex: 'enabled',
      ...sortedBy('enabled'),
      render: (enabled: boolean, row) => (
        <StatusSwitch
          checked={enabled}
          permission={toggle.permission}
          disabled={toggle.disabled?.(row)}
          onChange={(next) => toggle.onChange(row, next)}
          testId={toggle.testId(row)}
        />
      ),
      ...more,
    }),
  };

  /** `CrudTable`'s list, query, permissions, New, Edit and Delete. */
  const table = {
    list,
    query,
    permissions,
    onDelete: remove?.mutateAsync,
    ...(opensDialog ? { onCreate: dialog.create, onEdit: dialog.edit } : {}),
  };

  return { list, query, dialog, column, table };
}
