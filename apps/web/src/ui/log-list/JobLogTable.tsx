import {
  JOB_LOG_SORT_FIELDS,
  JOB_RUN_STATUSES,
  type JobLog,
  type JobLogPageQuery,
  jobLogPageQuerySchema,
} from '@agent-console/contracts';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListSource } from '../../platform/resources/monitor';
import { jobApi, jobKeys } from '../../platform/resources/system-job';
import { formatTime } from '../crud';
import { LogList } from './LogList';
import { optionsOf } from './SearchFields';
import { useLogList } from './use-log-list';

// `?jobId=` belongs to the page (one job's runs), not to the filters that Reset clears.
const { jobId: _jobId, ...filterShape } = jobLogPageQuerySchema.shape;

/** The runs of one job, or of all; each has its own cache entry. */
function runsOf(jobId: number | undefined): ListSource<JobLogPageQuery, JobLog> {
  return {
    key: [...jobKeys.logs, jobId ?? 'all'],
    keyset: true,
    page: (body) => jobApi.logPage({ ...body, ...(jobId ? { jobId } : {}) }),
  };
}

const STATUS_COLORS: Record<JobLog['status'], string> = {
  running: 'processing',
  success: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** Run history of scheduled jobs: one row per run, newest first; optionally of one job only. */
export function JobLogTable({ jobId }: { jobId?: number }) {
  const { t } = useTranslation(['job-log', 'crud']);
  const log = useLogList(runsOf(jobId), JOB_LOG_SORT_FIELDS, {
    pageSize: 10,
    schema: { shape: filterShape },
    range: { label: t('fields.startedAt'), from: 'startedFrom', to: 'startedTo' },
  });

  // For one job, its name, group and handler are the same on every row: leave them out.
  const perJob: TableColumnsType<JobLog> = [
    { title: t('fields.jobName'), dataIndex: 'jobName', ...log.sortable('jobName') },
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
      title: t('crud:status'),
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
    { title: t('fields.startedAt'), dataIndex: 'startedAt', ...log.sortable('startedAt'), render: formatTime },
    { title: t('fields.finishedAt'), dataIndex: 'finishedAt', render: formatTime },
    {
      title: t('fields.duration'),
      dataIndex: 'durationMs',
      width: 120,
      ...log.sortable('durationMs'),
      render: (ms: number | null) => (ms === null ? '' : t('ms', { ms })),
    },
  ];

  return (
    <LogList
      testId="job-log-table"
      embedded
      log={log}
      columns={columns}
      emptyText={t('empty')}
      refreshTestId="log-refresh"
      expandable={{
        rowExpandable: (r) => !!(r.message || r.error),
        expandedRowRender: (r) => <pre className="log-text">{[r.message, r.error].filter(Boolean).join('\n')}</pre>,
      }}
      filters={[
        !jobId && { name: 'jobName', label: t('fields.jobName'), maxLength: 100, testId: 'log-filter-name' },
        { name: 'handler', label: t('fields.handler'), maxLength: 100 },
        {
          name: 'status',
          label: t('crud:status'),
          options: optionsOf(JOB_RUN_STATUSES, (s) => t(`statuses.${s}`)),
          testId: 'log-filter-status',
        },
      ]}
    />
  );
}
