import { JOB_LOG_SORT_FIELDS, JOB_RUN_STATUSES, type JobLog, type JobLogPageQuery } from '@agent-console/contracts';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useJobLogs } from '../../../api/system-job';
import { formatTime, usePageList, withoutEmpty } from '../../../components/crud/use-page-list';

type Filters = Pick<JobLogPageQuery, 'jobName' | 'handler' | 'status' | 'startedFrom' | 'startedTo'>;
interface FilterForm {
  jobName?: string;
  handler?: string;
  status?: JobLog['status'];
  range?: [Dayjs | null, Dayjs | null] | null;
}

export const STATUS_COLORS: Record<JobLog['status'], string> = {
  running: 'processing',
  success: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** Run history of scheduled jobs: one row per run, newest first; optionally of one job only. */
export function JobLogTable({ jobId }: { jobId?: number }) {
  const { t } = useTranslation('job-log');
  const list = usePageList<Filters, (typeof JOB_LOG_SORT_FIELDS)[number]>(JOB_LOG_SORT_FIELDS, (n) =>
    t('total', { count: n }),
  );
  const query = useJobLogs({ ...list.request, ...(jobId ? { jobId } : {}) });
  const [form] = Form.useForm<FilterForm>();

  const search = ({ range, ...rest }: FilterForm) => {
    const [from, to] = range ?? [];
    list.setFilters(
      withoutEmpty({ ...rest, startedFrom: from?.toISOString(), startedTo: to?.toISOString() }) as Filters,
    );
  };

  // For one job, its name, group and handler are the same on every row: leave them out.
  const perJob: TableColumnsType<JobLog> = [
    {
      title: t('fields.jobName'),
      dataIndex: 'jobName',
      key: 'jobName',
      sorter: true,
      sortOrder: list.sortOrder('jobName'),
    },
    { title: t('fields.group'), dataIndex: 'group', width: 100, render: (g: JobLog['group']) => t(`groups.${g}`) },
    {
      title: t('fields.handler'),
      dataIndex: 'handler',
      render: (h: string) => <Typography.Text code>{h}</Typography.Text>,
    },
  ];
  const columns: TableColumnsType<JobLog> = [
    { title: t('fields.id'), dataIndex: 'id', width: 80 },
    ...(jobId ? [] : perJob),
    {
      title: t('fields.trigger'),
      dataIndex: 'trigger',
      width: 110,
      render: (v: JobLog['trigger']) => t(`triggers.${v}`),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: JobLog['status']) => (
        <Tag color={STATUS_COLORS[s]} data-testid={`log-status-${s}`}>
          {t(`statuses.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('fields.message'),
      key: 'message',
      ellipsis: true,
      render: (_, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : r.message),
    },
    {
      title: t('fields.startedAt'),
      dataIndex: 'startedAt',
      key: 'startedAt',
      sorter: true,
      sortOrder: list.sortOrder('startedAt'),
      render: formatTime,
    },
    { title: t('fields.finishedAt'), dataIndex: 'finishedAt', render: formatTime },
    {
      title: t('fields.duration'),
      dataIndex: 'durationMs',
      key: 'durationMs',
      width: 120,
      sorter: true,
      sortOrder: list.sortOrder('durationMs'),
      render: (ms: number | null) => (ms === null ? '' : t('ms', { ms })),
    },
  ];

  return (
    <>
      <Form
        form={form}
        layout="inline"
        className="job-log-filters"
        onFinish={search}
        onReset={() => list.setFilters({})}
      >
        {!jobId && (
          <Form.Item name="jobName" label={t('fields.jobName')}>
            <Input allowClear maxLength={100} data-testid="log-filter-name" />
          </Form.Item>
        )}
        <Form.Item name="handler" label={t('fields.handler')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={JOB_RUN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            data-testid="log-filter-status"
          />
        </Form.Item>
        <Form.Item name="range" label={t('fields.startedAt')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="log-search">
            {t('search')}
          </Button>
          <Button htmlType="reset">{t('reset')}</Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => query.refetch()}
            aria-label={t('refresh')}
            data-testid="log-refresh"
          />
        </Space>
      </Form>
      <Table<JobLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total, query.data?.totalExact)}
        onChange={list.onChange}
        scroll={{ x: jobId ? 900 : 1200 }}
        expandable={{
          rowExpandable: (r) => !!(r.message || r.error),
          expandedRowRender: (r) => (
            <pre className="job-log-detail">{[r.message, r.error].filter(Boolean).join('\n')}</pre>
          ),
        }}
        locale={{ emptyText: t('empty') }}
        data-testid="job-log-table"
      />
    </>
  );
}
