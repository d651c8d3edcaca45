import type { LogCountResult } from '@agent-console/contracts';
import { ClearOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Form, type TableColumnsType, type TableProps } from 'antd';
import { type ComponentType, type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshingMutation } from '../../platform/resources/list-query';
import { CrudTable, ExportButton, type RowAction, SearchForm, useCan, useConfirm } from '../crud';
import { TimeRange } from '../crud/TimeRange';
import { type FilterField, SearchFields } from './SearchFields';
import type { LogListState } from './use-log-list';
import './log-list.css';
import { feedback } from '../../platform/api/feedback';

/** A toolbar button acting on the ticked rows, e.g. forcing sessions out. */
export interface SelectionAction<T> {
  label: ReactNode;
  icon: ReactNode;
  testId: string;
  /** Resolves true when it went through, which clears the ticks. */
  run(rows: T[]): Promise<boolean>;
}

interface Props<T extends object, Req extends object, F extends string>
  extends Pick<TableProps<T>, 'expandable' | 'scroll'> {
  testId: string;
  /** The row type comes from here; the other props are checked against it. */
  log: LogListState<Req, T, F>;
  columns: TableColumnsType<NoInfer<T>>;
  /** The search form's fields; the time range, when the list has one, comes after them. */
  filters: (FilterField | false)[];
  /** What tells rows apart: `id` unless said otherwise (sessions have a `key`). */
  rowKey?: keyof NoInfer<T> & string;
  /** The drawer that a Details link on every row opens (the link's test id is `view-<name>`). */
  detail?: ComponentType<{ row: NoInfer<T> | null; onClose(): void }>;
  /** More links of a row, after Details. */
  rowActions?(row: NoInfer<T>): (RowAction | false | undefined)[];
  /** Names a row in its links' test ids (`force-<name>`); the id by default. */
  rowName?(row: NoInfer<T>): string;
  selectionAction?: SelectionAction<NoInfer<T>>;
  emptyText?: ReactNode;
  /** Without the card: inside a drawer or a card of the page's own. */
  embedded?: boolean;
  /** A refresh among the toolbar buttons under this test id, instead of the crud one on the right. */
  refreshTestId?: string;
}

// CrudTable ticks rows only for its own "delete selected", by a numeric id. Log lists do other things
// with their ticks (tell the deleted count, force sessions out by key), so the ticks live here and reach
// the table as antd's rowSelection, which CrudTable hands on with the other table props.
type Row<T> = T & { id: number };

/**
 * One log screen on top of the crud list: search form with an optional time range; toolbar with
 * delete-ticked and clean (both confirmed, then telling how many went), a selection action, export
 * and refresh; the table, whose total says "at least" when the server stopped counting. Pages
 * declare their columns and filters; the rows, paging and calls come from `useLogList`.
 */
export function LogList<T extends object, Req extends object, F extends string>({
  testId,
  log,
  columns,
  filters,
  rowKey = 'id' as keyof T & string,
  detail: Detail,
  rowActions,
  rowName,
  selectionAction,
  emptyText,
  embedded,
  refreshTestId,
  scroll,
  ...table
}: Props<T, Req, F>) {
  const { t } = useTranslation(['monitor', 'crud']);
  const can = useCan();
  const confirm = useConfirm();
  const write = useRefreshingMutation(log.source.key, (run: () => Promise<LogCountResult>) => run());
  const [selected, setSelected] = useState<T[]>([]);
  const [viewing, setViewing] = useState<T | null>(null);
  const { source, query } = log;
  const permissions = source.permissions ?? {};
  const allowed = (code: string | undefined) => !code || can(code);
  const remove = allowed(permissions.remove) ? source.remove : undefined;
  const clean = allowed(permissions.remove) ? source.clean : undefined;
  const exportList = allowed(permissions.export) ? source.export : undefined;

  const removal = (title: string, content: string, okTestId: string, run: () => Promise<LogCountResult>) =>
    confirm({
      title,
      content,
      okTestId,
      run: async () => feedback.success(t('common.deleted', { count: (await write.mutateAsync(run)).count })),
    });

  const actions: SelectionAction<T>[] = [];
  if (remove)
    actions.push({
      label: t('crud:delete'),
      icon: <DeleteOutlined />,
      testId: 'delete-selected',
      run: (rows) =>
        removal(t('common.deleteTitle'), t('common.deleteConfirm', { count: rows.length }), 'confirm-delete', () =>
          remove(rows.map((r) => (r as Row<T>).id)),
        ),
    });
  if (selectionAction) actions.push(selectionAction);

  const done = (ok: boolean) => ok && setSelected([]);
  const refresh = () => void query.refetch();
  const links =
    Detail || rowActions
      ? (row: T) => [
          Detail && { key: 'view', label: t('common.view'), onClick: () => setViewing(row) },
          ...(rowActions?.(row) ?? []),
        ]
      : undefined;
  const selection = actions.length
    ? {
        rowSelection: {
          selectedRowKeys: selected.map((r) => r[rowKey] as Key),
          onChange: (_: Key[], rows: T[]) => setSelected(rows),
        },
      }
    : {};

  return (
    <>
      <CrudTable<Row<T>>
        testId={testId}
        embedded={embedded}
        search={
          <SearchForm form={log.form} onSearch={log.search} values={log.values}>
            <SearchFields fields={filters} />
            {log.range && (
              <Form.Item name="range" label={log.range.label ?? t('fields.time')}>
                <TimeRange {...(log.range.dateOnly ? { showTime: false, 'data-testid': 'filter-period' } : {})} />
              </Form.Item>
            )}
          </SearchForm>
        }
        extra={
          <>
            {actions.map((a) => (
              <Button
                key={a.testId}
                danger
                icon={a.icon}
                disabled={!selected.length}
                onClick={() => void a.run(selected).then(done)}
                data-testid={a.testId}
              >
                {a.label}
              </Button>
            ))}
            {clean && (
              <Button
                danger
                icon={<ClearOutlined />}
                data-testid="clean"
                onClick={() =>
                  void removal(t('common.cleanTitle'), t('common.cleanConfirm'), 'confirm-clean', clean).then(done)
                }
              >
                {t('common.clean')}
              </Button>
            )}
            {exportList && <ExportButton run={() => exportList(log.body)} />}
            {refreshTestId && (
              <Button
                icon={<ReloadOutlined />}
                onClick={refresh}
                aria-label={t('crud:refresh')}
                data-testid={refreshTestId}
              />
            )}
          </>
        }
        {...(refreshTestId ? {} : { onRefresh: refresh })}
        emptyText={emptyText ?? t('common.empty')}
        rowKey={rowKey}
        columns={columns as TableColumnsType<Row<T>>}
        {...(links ? { rowActions: links } : {})}
        {...(rowName ? { rowName } : {})}
        dataSource={query.data?.list as Row<T>[] | undefined}
        loading={query.isPending}
        {...log.paging(query.data)}
        {...(scroll ? { scroll } : {})}
        {...selection}
        {...(table as Pick<TableProps<Row<T>>, 'expandable'>)}
      />
      {Detail && <Detail row={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
