import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LogEntry, type LogType, useLogStore } from '../../platform/log/log-store';

const TYPE_COLORS: Record<LogType, string> = { info: 'blue', warning: 'orange', error: 'red' };

/** The front-end log (ANCHORS §A): time, message, url, type, details; newest first; clear. */
export function LogPage() {
  const { t, i18n } = useTranslation('log');
  const entries = useLogStore((s) => s.entries);
  const clear = useLogStore((s) => s.clear);
  const [type, setType] = useState<'all' | LogType>('all');
  const [query, setQuery] = useState('');

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return entries
      .map((entry, index) => ({ ...entry, key: index }))
      .filter((e) => type === 'all' || e.type === type)
      .filter((e) => !q || e.message.toLowerCase().includes(q) || e.meta.url.toLowerCase().includes(q))
      .reverse();
  }, [entries, type, query]);

  return (
    <Card
      title={t('title')}
      extra={
        <Popconfirm
          title={t('clearConfirm')}
          onConfirm={clear}
          okText={t('common:actions.confirm')}
          cancelText={t('common:actions.cancel')}
          disabled={entries.length === 0}
        >
          <Button danger icon={<DeleteOutlined />} disabled={entries.length === 0} data-testid="log-clear">
            {t('clear')}
          </Button>
        </Popconfirm>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={type}
          onChange={(v) => setType(v as 'all' | LogType)}
          options={[
            { value: 'all', label: t('types.all') },
            { value: 'error', label: t('types.error') },
            { value: 'warning', label: t('types.warning') },
            { value: 'info', label: t('types.info') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('search')}
          onSearch={setQuery}
          onChange={(e) => setQuery(e.target.value)}
        />
      </Space>
      <Table<LogEntry & { key: number }>
        data-testid="log-table"
        size="small"
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('columns.time'),
            dataIndex: 'time',
            width: 180,
            sorter: (a, b) => a.time.localeCompare(b.time),
            render: (v: string) => new Date(v).toLocaleString(i18n.language === 'en' ? 'en' : undefined),
          },
          {
            title: t('columns.type'),
            dataIndex: 'type',
            width: 100,
            render: (v: LogType) => <Tag color={TYPE_COLORS[v]}>{t(`types.${v}`)}</Tag>,
          },
          { title: t('columns.message'), dataIndex: 'message', ellipsis: true },
          {
            title: t('columns.url'),
            dataIndex: ['meta', 'url'],
            width: 260,
            ellipsis: true,
            render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
          },
          {
            title: t('columns.user'),
            dataIndex: ['meta', 'user'],
            width: 120,
          },
        ]}
        expandable={{
          rowExpandable: (row) => row.meta.extra !== undefined,
          expandedRowRender: (row) => <pre className="log-details">{JSON.stringify(row.meta.extra, null, 2)}</pre>,
        }}
      />
    </Card>
  );
}
