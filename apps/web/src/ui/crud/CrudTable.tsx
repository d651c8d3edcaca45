import type { AnyPageResult } from '@agent-console/contracts';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnPicker } from './ColumnPicker';
import { useColumnChoice } from './column-choice';
import { type RowAction, RowActions } from './RowActions';
import { useTableLayout } from './table-layout';
import { useCan } from './use-can';
import { useConfirmDelete } from './use-confirm-delete';
import './crud.css';

/** What the table needs of a `useListState`: the pager and page turns, following the page shown. */
interface ListControl {
  paging(shown: AnyPageResult<unknown> | undefined): {
    pagination: TablePaginationConfig;
    onChange<R>(page: TablePaginationConfig, filters: unknown, sorter: SorterResult<R> | SorterResult<R>[]): void;
  };
}

/** What the table needs of the page query (react-query's result of a `POST .../page`). */
export interface PageQuery<T> {
  data?: AnyPageResult<T> | undefined;
  isFetching: boolean;
  isPending: boolean;
  refetch(): unknown;
}

interface Props<T extends { id: number }> extends Omit<TableProps<T>, 'rowSelection' | 'title'> {
  title?: ReactNode;
  /** The search form, shown above the toolbar. */
  search?: ReactNode;
  /** The list state: paging and sorting of the table. */
  list?: ListControl;
  /** The page query: rows, total, loading, and the Refresh button. */
  query?: PageQuery<T>;
  /** Permission codes that show New, Edit and Delete; what the user lacks is hidden. */
  permissions?: { add?: string; edit?: string; remove?: string };
  /** Shows the New button. */
  onCreate?: () => void;
  /** The New button's text, when the screen names what it creates. */
  createText?: ReactNode;
  /** Names a row: in the delete question and in its links' test ids (`edit-<name>`). */
  rowName?: (row: T) => string;
  /** Names a row in the delete question, when people know it by another name than its test ids use. */
  deleteName?: (row: T) => string;
  /** Edit link of each row. */
  onEdit?: (row: T) => void;
  /** Delete link of each row and the batch button, asking first. */
  onDelete?: (ids: number[]) => Promise<unknown>;
  /** Said under the delete question (what stays, what cannot go); given the rows, about them. */
  deleteNote?: ReactNode | ((rows: T[]) => ReactNode);
  /** Rows that may be deleted (e.g. not built-in ones); all by default. */
  canDelete?: (row: T) => boolean;
  /** Row checkboxes and the batch delete button; off for a list that deletes one row at a time. */
  batch?: boolean;
  /** More links of a row, before Edit. */
  rowActions?: (row: T) => (RowAction | false | undefined)[];
  /** The row's links as icons named by tooltips, for a row with many of them (see RowActions). */
  actionIcons?: boolean;
  /** The Actions column's width, when its links need a known room (e.g. as icons). */
  actionsWidth?: number;
  /** A batch delete of the screen's own (asks itself); shows the button and row checkboxes. */
  onBatchDelete?: (rows: T[]) => Promise<unknown> | undefined;
  onRefresh?: () => void;
  /** More toolbar buttons. */
  extra?: ReactNode;
  /** What an empty list says, when the screen words it. */
  emptyText?: ReactNode;
  /** Without the card, for a list inside a drawer or dialog. */
  embedded?: boolean;
  /**
   * Names the list: its test id, and where its column choice is kept. A column declared `hidden`
   * makes the list offer the column picker (column-choice.ts).
   */
  testId: string;
}

/**
 * A list screen's card: search form, toolbar (new, batch delete, refresh), and the table with
 * paging, sorting, loading and empty states, and an Actions column (the row's own links, edit,
 * delete after a confirmation). Columns come from the page; rows and paging from its query and
 * list state.
 */
export function CrudTable<T extends { id: number }>({
  title,
  search,
  list,
  query,
  permissions = {},
  onCreate,
  createText,
  rowName = (row) => String(row.id),
  deleteName = rowName,
  onEdit,
  onDelete,
  deleteNote,
  canDelete = () => true,
  batch = true,
  rowActions,
  actionIcons,
  actionsWidth,
  onBatchDelete,
  onRefresh = query && (() => void query.refetch()),
  extra,
  emptyText,
  embedded,
  testId,
  columns = [],
  scroll,
  ...table
}: Props<T>) {
  const { t } = useTranslation('crud');
  const can = useCan();
  const confirmDelete = useConfirmDelete();
  const [selected, setSelected] = useState<T[]>([]);
  const keys: Key[] = selected.map((r) => r.id);
  const allowed = (code: string | undefined) => !code || can(code);

  const create = allowed(permissions.add) ? onCreate : undefined;
  const edit = allowed(permissions.edit) ? onEdit : undefined;
  const remove = allowed(permissions.remove) ? onDelete : undefined;
  const removeRows = remove
    ? (rows: T[]) =>
        confirmDelete(
          rows.map(deleteName),
          () => remove(rows.map((r) => r.id)),
          typeof deleteNote === 'function' ? deleteNote(rows) : deleteNote,
        )
    : onBatchDelete;

  const withActions = !!(rowActions || edit || remove);
  const actionsColumn = {
    title: t('actions'),
    key: 'actions',
    fixed: 'right' as const,
    ...(actionsWidth ? { width: actionsWidth } : {}),
    render: (_: unknown, row: T) => (
      <RowActions
        name={rowName(row)}
        actions={rowActions?.(row)}
        onEdit={edit && (() => edit(row))}
        onDelete={remove && canDelete(row) ? () => void removeRows?.([row]) : undefined}
        iconsOnly={actionIcons}
      />
    ),
  };

  const choice = useColumnChoice(testId, columns);
  const ownSelection = !!(batch && removeRows);
  const layout = useTableLayout(withActions ? [...choice.columns, actionsColumn] : choice.columns, {
    ...(scroll ? { scroll } : {}),
    // A log list hands its own ticks on as antd's rowSelection, among the other table props.
    selection: ownSelection || !!(table as TableProps<T>).rowSelection,
    expandable: !!table.expandable?.expandedRowRender,
  });

  const body = (
    <>
      {search}
      <div className="crud-toolbar">
        <Space wrap>
          {create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="crud-create">
              {createText ?? t('create')}
            </Button>
          )}
          {batch && removeRows && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              onClick={async () => {
                await removeRows(selected);
                setSelected([]);
              }}
              data-testid="crud-batch-delete"
            >
              {t('batchDelete', { count: selected.length })}
            </Button>
          )}
          {extra}
        </Space>
        <div className="crud-toolbar-end">
          {choice.options.length > 0 && (
            <ColumnPicker
              options={choice.options}
              changed={choice.changed}
              onChange={choice.set}
              onReset={choice.reset}
            />
          )}
          {onRefresh && (
            <Button
              icon={<ReloadOutlined spin={!!query?.isFetching} />}
              onClick={onRefresh}
              data-testid="crud-refresh"
              aria-label={t('refresh')}
            />
          )}
        </div>
      </div>
      <Table<T>
        rowKey="id"
        size="middle"
        locale={{ emptyText: <Empty description={emptyText ?? t('empty')} /> }}
        {...(ownSelection
          ? {
              rowSelection: {
                selectedRowKeys: keys,
                onChange: (_k: Key[], rows: T[]) => setSelected(rows),
                getCheckboxProps: (r: T) => ({ 'data-testid': `select-${r.id}`, disabled: !canDelete(r) }) as object,
              },
            }
          : {})}
        // Only the first load covers the table: a later fetch (a new page, sort or filter) leaves the
        // shown rows usable, so a second click on a header is never swallowed by the loading mask;
        // the refresh icon spins meanwhile. No rows yet are `undefined`, not `[]`: antd then shows only
        // the spinner, where an empty array would also say "no data" under it before anything came.
        {...(query ? { dataSource: query.data?.list, loading: query.isPending } : {})}
        {...(list ? list.paging(query?.data) : {})}
        {...table}
        {...layout}
      />
    </>
  );
  return embedded ? (
    <div data-testid={testId}>
      {title}
      {body}
    </div>
  ) : (
    <Card className="crud-page" data-testid={testId} title={title}>
      {body}
    </Card>
  );
}
