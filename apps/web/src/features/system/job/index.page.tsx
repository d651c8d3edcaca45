import {
  JOB_GROUPS,
  JOB_PERMISSIONS,
  JOB_SORT_FIELDS,
  type Job,
  jobPageQuerySchema,
  type Language,
} from '@agent-console/contracts';
import { HistoryOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobApi, useJobHandlers, useJobMutation, useJobs } from '../../../platform/resources/system-job';
import {
  CrudTable,
  formatTime,
  ListDrawer,
  SearchForm,
  SelectFilter,
  StatusFilter,
  TextFilter,
  useConfirm,
  useCrudList,
} from '../../../ui/crud';
import { JobLogTable } from '../../../ui/log-list/JobLogTable';
import { BuiltinSchedules } from './BuiltinSchedules';
import '../../../ui/log-list/log-list.css';
import { JobDialog } from './JobDialog';
import './job.css';
import { feedback } from '../../../platform/api/feedback';

/**
 * Scheduled jobs (SPEC §7 /system/job): schedules of registered handlers, run now, run history;
 * under them, read-only, the schedules pg-boss fires by itself.
 */
export default function JobPage() {
  const { t, i18n } = useTranslation(['system-job', 'crud']);
  const lang = i18n.language as Language;
  const confirm = useConfirm();
  const { list, table, column, dialog } = useCrudList({
    usePage: useJobs,
    sortable: JOB_SORT_FIELDS,
    schema: jobPageQuerySchema,
    remove: useJobMutation(jobApi.remove),
    permissions: JOB_PERMISSIONS,
    dialog: true,
  });
  const handlers = useJobHandlers();
  const run = useJobMutation(jobApi.run);
  const toggle = useJobMutation(({ id, enabled }: { id: number; enabled: boolean }) => jobApi.setEnabled(id, enabled));
  const [logsOf, setLogsOf] = useState<Job | null>(null);

  const handlerTitle = (name: string) => {
    const h = handlers.data?.find((x) => x.name === name);
    return h ? (h.titles[lang] ?? h.titles.en) : name;
  };

  const confirmRun = (job: Job) =>
    confirm({
      title: t('runTitle'),
      content: t('runConfirm', { name: job.name }),
      okTestId: 'confirm-run',
      danger: false,
      run: async () => {
        const answer = await run.mutateAsync(job.id);
        feedback.success(answer.queued ? t('runQueued') : t('runDone'));
        setLogsOf(job);
      },
    });

  const fireTimes = (times: string[]) => (
    <ol className="job-cron-list">
      {times.map((x) => (
        <li key={x}>{formatTime(x)}</li>
      ))}
    </ol>
  );

  const columns: TableColumnsType<Job> = [
    column.sortable('name', t('fields.name')),
    {
      title: t('fields.group'),
      dataIndex: 'group',
      width: 100,
      render: (g: Job['group']) => <Tag>{t(`groups.${g}`)}</Tag>,
    },
    column.sortable('handler', t('fields.handler'), {
      render: (h: string) => (
        <Tooltip title={h}>
          <span>{handlerTitle(h)}</span>
        </Tooltip>
      ),
    }),
    { title: t('fields.cron'), dataIndex: 'cron', render: (c: string) => <Typography.Text code>{c}</Typography.Text> },
    {
      title: t('fields.nextFire'),
      key: 'next',
      render: (_, r) =>
        r.nextFireTimes.length ? (
          <Tooltip title={fireTimes(r.nextFireTimes)}>
            <span>{formatTime(r.nextFireTimes[0])}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('fields.misfirePolicy'),
      dataIndex: 'misfirePolicy',
      render: (p: Job['misfirePolicy']) => t(`misfire.${p}`),
    },
    {
      title: t('fields.concurrent'),
      dataIndex: 'concurrent',
      width: 110,
      render: (c: boolean) => (c ? t('concurrentAllowed') : t('concurrentForbidden')),
    },
    column.statusSwitch(
      {
        permission: JOB_PERMISSIONS.edit,
        onChange: (r, enabled) => toggle.mutateAsync({ id: r.id, enabled }),
        testId: (r) => `job-toggle-${r.id}`,
      },
      { width: 90 },
    ),
  ];

  return (
    <>
      <CrudTable<Job>
        testId="job-page"
        {...table}
        search={
          <SearchForm list={list}>
            <TextFilter name="name" label={t('fields.name')} maxLength={100} />
            <TextFilter name="handler" label={t('fields.handler')} maxLength={100} />
            <SelectFilter
              name="group"
              label={t('fields.group')}
              options={JOB_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
            />
            <StatusFilter offLabel={t('paused')} />
          </SearchForm>
        }
        columns={columns}
        rowName={(r) => r.name}
        rowActions={(r) => [
          {
            key: 'run',
            label: t('run'),
            icon: <PlayCircleOutlined />,
            onClick: () => confirmRun(r),
            permission: JOB_PERMISSIONS.run,
          },
          { key: 'logs', label: t('logs'), icon: <HistoryOutlined />, onClick: () => setLogsOf(r) },
        ]}
        createText={t('add')}
        deleteNote={t('deleteNote')}
        emptyText={t('empty')}
        data-testid="job-table"
      />
      <BuiltinSchedules />
      <JobDialog {...dialog.props} />
      <ListDrawer
        of={logsOf}
        onClose={() => setLogsOf(null)}
        title={(job) => t('logsOf', { name: job.name })}
        testId="job-logs-drawer"
      >
        {(job) => <JobLogTable jobId={job.id} />}
      </ListDrawer>
    </>
  );
}
