import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Table, type TableProps } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './crud.css';

interface Props<T extends { id: number }> extends Omit<TableProps<T>, 'rowSelection' | 'title'> {
  title?: ReactNode;
  /** The search form, shown above the toolbar. */
  search?: ReactNode;
  /** Shows the New button when given. */
  onCreate?: () => void;
  /** Shows the batch-delete button and row checkboxes when given. */
  onBatchDelete?: (rows: T[]) => Promise<unknown> | undefined;
  onRefresh?: () => void;
  /** More toolbar buttons. */
  extra?: ReactNode;
  testId: string;
}

/**
 * A list screen's card: search form, toolbar (new, batch delete, refresh), and the table with
 * paging, sorting, loading and empty states. Columns and data come from the page.
 */
export function CrudTable<T extends { id: number }>({
  title,
  search,
  onCreate,
  onBatchDelete,
  onRefresh,
  extra,
  testId,
  ...table
}: Props<T>) {
  const { t } = useTranslation('crud');
  const [selected, setSelected] = useState<T[]>([]);
  const keys: Key[] = selected.map((r) => r.id);
  return (
    <Card className="crud-page" data-testid={testId} title={title}>
      {search}
      <div className="crud-toolbar">
        <Space wrap>
          {onCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="crud-create">
              {t('create')}
            </Button>
          )}
          {onBatchDelete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              onClick={async () => {
                await onBatchDelete(selected);
                setSelected([]);
              }}
              data-testid="crud-batch-delete"
            >
              {t('batchDelete', { count: selected.length })}
            </Button>
          )}
          {extra}
        </Space>
        {onRefresh && (
          <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid="crud-refresh" aria-label={t('refresh')} />
        )}
      </div>
      <Table<T>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        {...(onBatchDelete
          ? {
              rowSelection: {
                selectedRowKeys: keys,
                onChange: (_k: Key[], rows: T[]) => setSelected(rows),
                getCheckboxProps: (r: T) => ({ 'data-testid': `select-${r.id}` }) as object,
              },
            }
          : {})}
        {...table}
      />
    </Card>
  );
}
