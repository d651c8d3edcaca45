import {
  LOG_STATUSES,
  LOGIN_EVENTS,
  LOGIN_SORT_FIELDS,
  type LoginLog,
  type LoginLogFilter,
  PERMISSIONS,
} from '@agent-console/contracts';
import { SearchOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorApi, useCleanLoginLogs, useDeleteLoginLogs, useLoginLogs } from '../../../api/monitor';
import { useCan } from '../../../components/crud/use-can';
import { useListState, withoutEmpty } from '../../../components/crud/use-list-state';
import { formatTime } from '../../../components/log-list/format';
import { LogToolbar } from '../../../components/log-list/LogToolbar';
import { rangeToFilter, TimeRange } from '../../../components/log-list/TimeRange';
import { loginOutcome } from './login-outcome';
import '../../../components/log-list/monitor.css';

type Filters = Omit<LoginLogFilter, 'orderBy'>;
type FormValues = Omit<Filters, 'beginTime' | 'endTime'> & {
  range?: Parameters<NonNullable<ComponentProps<typeof TimeRange>['onChange']>>[0];
};

const EVENT_COLORS = { login: 'blue', logout: 'default', forceLogout: 'orange' } as const;

/** Login log (SPEC §7): sign-ins with their outcome, logouts and forced logouts. */
export default function LoginLogPage() {
  const { t, i18n } = useTranslation('monitor');
  const can = useCan();
  const list = useListState<Filters, (typeof LOGIN_SORT_FIELDS)[number]>(LOGIN_SORT_FIELDS, 20);
  const query = useLoginLogs(list.request);
  const remove = useDeleteLoginLogs();
  const clean = useCleanLoginLogs();
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<LoginLog | null>(null);

  const columns: TableColumnsType<LoginLog> = [
    {
      title: t('fields.user'),
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      sortOrder: list.sortOrder('username'),
    },
    { title: t('fields.customer'), dataIndex: 'customerName', ellipsis: true },
    {
      title: t('loginlog.event'),
      dataIndex: 'event',
      width: 120,
      render: (v: LoginLog['event']) => <Tag color={EVENT_COLORS[v]}>{t(`event.${v}`)}</Tag>,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: LoginLog['status']) => <Tag color={v === 'success' ? 'green' : 'red'}>{t(`status.${v}`)}</Tag>,
    },
    {
      title: t('loginlog.message'),
      key: 'message',
      ellipsis: true,
      render: (_, r) => loginOutcome(r, t, i18n.language),
    },
    { title: t('fields.ip'), dataIndex: 'ip', key: 'ip', width: 130, sorter: true, sortOrder: list.sortOrder('ip') },
    { title: t('fields.browser'), dataIndex: 'browser', width: 130 },
    { title: t('fields.os'), dataIndex: 'os', width: 100 },
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
        <Button type="link" size="small" onClick={() => setDetail(r)} data-testid="loginlog-view">
          {t('common.view')}
        </Button>
      ),
    },
  ];

  const onSearch = ({ range, ...rest }: FormValues) =>
    list.setFilters(withoutEmpty({ ...rest, ...rangeToFilter(range) }));

  return (
    <Card className="monitor-page" data-testid="loginlog-page">
      <Form<FormValues>
        layout="inline"
        className="monitor-filters"
        onFinish={onSearch}
        onReset={() => list.setFilters({})}
      >
        <Form.Item name="username" label={t('fields.username')}>
          <Input allowClear maxLength={64} placeholder={t('fields.exactUsername')} data-testid="filter-username" />
        </Form.Item>
        <Form.Item name="ip" label={t('fields.ip')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="event" label={t('loginlog.event')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={LOGIN_EVENTS.map((v) => ({ value: v, label: t(`event.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={LOG_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
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
        canRemove={can(PERMISSIONS.loginlog.remove)}
        canExport={can(PERMISSIONS.loginlog.export)}
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
        onExport={() => monitorApi.loginExport(list.request)}
        onRefresh={() => query.refetch()}
      />
      <Table<LoginLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total, query.data?.totalExact)}
        onChange={list.onChange}
        scroll={{ x: 1200 }}
        rowSelection={
          can(PERMISSIONS.loginlog.remove)
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        locale={{ emptyText: t('common.empty') }}
      />
      <Drawer
        open={!!detail}
        onClose={() => setDetail(null)}
        title={t('loginlog.detail')}
        data-testid="loginlog-detail"
      >
        {detail && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.user')}>{detail.username}</Descriptions.Item>
            <Descriptions.Item label={t('fields.customer')}>{detail.customerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('loginlog.event')}>{t(`event.${detail.event}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>{t(`status.${detail.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('loginlog.code')}>{detail.code}</Descriptions.Item>
            <Descriptions.Item label={t('loginlog.message')}>
              {loginOutcome(detail, t, i18n.language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.ip')}>{detail.ip}</Descriptions.Item>
            <Descriptions.Item label={t('fields.browser')}>{detail.browser}</Descriptions.Item>
            <Descriptions.Item label={t('fields.os')}>{detail.os}</Descriptions.Item>
            <Descriptions.Item label={t('fields.time')}>{formatTime(detail.createdAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </Card>
  );
}
