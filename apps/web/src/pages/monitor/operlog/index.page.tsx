import {
  BUSINESS_TYPES,
  LOG_STATUSES,
  OPERATION_SORT_FIELDS,
  type OperationLog,
  type OperationLogFilter,
  PERMISSIONS,
} from '@agent-console/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorApi, useCleanOperationLogs, useDeleteOperationLogs, useOperationLogs } from '../../../api/monitor';
import { useCan } from '../../../components/crud/use-can';
import { useListState, withoutEmpty } from '../../../components/crud/use-list-state';
import { formatTime } from '../../../components/log-list/format';
import { LogToolbar } from '../../../components/log-list/LogToolbar';
import { rangeToFilter, TimeRange } from '../../../components/log-list/TimeRange';
import { OperationLogDrawer } from './OperationLogDrawer';
import '../../../components/log-list/monitor.css';

type Filters = Omit<OperationLogFilter, 'orderBy'>;
type FormValues = Omit<Filters, 'beginTime' | 'endTime'> & {
  range?: Parameters<NonNullable<ComponentProps<typeof TimeRange>['onChange']>>[0];
};

/** Operation log (SPEC §7): every write call of every module, recorded by the server's audit hook. */
export default function OperationLogPage() {
  const { t } = useTranslation('monitor');
  const can = useCan();
  const list = useListState<Filters, (typeof OPERATION_SORT_FIELDS)[number]>(OPERATION_SORT_FIELDS, 20);
  const query = useOperationLogs(list.request);
  const remove = useDeleteOperationLogs();
  const clean = useCleanOperationLogs();
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<OperationLog | null>(null);

  const columns: TableColumnsType<OperationLog> = [
    {
      title: t('operlog.title'),
      dataIndex: 'title',
      key: 'title',
      sorter: true,
      sortOrder: list.sortOrder('title'),
      ellipsis: true,
    },
    {
      title: t('operlog.businessType'),
      dataIndex: 'businessType',
      width: 110,
      render: (v: OperationLog['businessType']) => <Tag>{t(`businessType.${v}`)}</Tag>,
    },
    {
      title: t('operlog.request'),
      key: 'path',
      ellipsis: true,
      render: (_, r) => `${r.method} ${r.path}`,
    },
    {
      title: t('fields.user'),
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      sortOrder: list.sortOrder('username'),
    },
    { title: t('fields.customer'), dataIndex: 'customerName', ellipsis: true },
    { title: t('fields.ip'), dataIndex: 'ip', width: 130 },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: OperationLog['status'], r) => (
        <Tag color={v === 'success' ? 'green' : 'red'} title={r.errorCode ?? undefined}>
          {t(`status.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('operlog.cost'),
      dataIndex: 'costMs',
      key: 'costMs',
      width: 110,
      sorter: true,
      sortOrder: list.sortOrder('costMs'),
      render: (ms: number) => t('operlog.ms', { ms }),
    },
    {
      title: t('fields.time'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: list.sortOrder('createdAt'),
      render: formatTime,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setDetail(r)} data-testid="operlog-view">
          {t('common.view')}
        </Button>
      ),
    },
  ];

  const onSearch = ({ range, ...rest }: FormValues) =>
    list.setFilters(withoutEmpty({ ...rest, ...rangeToFilter(range) }));

  return (
    <Card className="monitor-page" data-testid="operlog-page">
      <Form<FormValues>
        layout="inline"
        className="monitor-filters"
        onFinish={onSearch}
        onReset={() => list.setFilters({})}
      >
        <Form.Item name="title" label={t('operlog.title')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="username" label={t('fields.username')}>
          <Input allowClear maxLength={64} placeholder={t('fields.exactUsername')} data-testid="filter-username" />
        </Form.Item>
        <Form.Item name="businessType" label={t('operlog.businessType')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={BUSINESS_TYPES.map((v) => ({ value: v, label: t(`businessType.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={LOG_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
            data-testid="filter-status"
          />
        </Form.Item>
        <Form.Item name="range" label={t('fields.time')}>
          <TimeRange />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search">
            {t('common.search')}
          </Button>
          <Button htmlType="reset">{t('common.reset')}</Button>
        </Space>
      </Form>
      <LogToolbar
        selectedCount={selected.length}
        canRemove={can(PERMISSIONS.operlog.remove)}
        canExport={can(PERMISSIONS.operlog.export)}
        onDelete={async () => {
          const result = await remove.mutateAsync(selected);
          setSelected([]);
          return result;
        }}
        onClean={async () => {
          const result = await clean.mutateAsync(undefined);
          setSelected([]);
          return result;
        }}
        onExport={() => monitorApi.operationExport(list.request)}
        onRefresh={() => query.refetch()}
      />
      <Table<OperationLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total, query.data?.totalExact)}
        onChange={list.onChange}
        scroll={{ x: 1200 }}
        rowSelection={
          can(PERMISSIONS.operlog.remove)
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        locale={{ emptyText: t('common.empty') }}
      />
      <OperationLogDrawer row={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
