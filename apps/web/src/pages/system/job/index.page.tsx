import {
  JOB_GROUPS,
  JOB_SORT_FIELDS,
  type Job,
  type JobPageQuery,
  type Language,
  PERMISSIONS,
} from '@agent-console/contracts';
import {
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobApi, useJobHandlers, useJobMutation, useJobs } from '../../../api/system-job';
import { JobLogTable } from '../../monitor/job-log/JobLogTable';
import '../../monitor/job-log/job-log.css';
import { useCan } from '../../../components/crud/use-can';
import { formatTime, usePageList, withoutEmpty } from '../../../components/crud/use-page-list';
import { JobDialog } from './JobDialog';
import './job.css';

type Filters = Pick<JobPageQuery, 'name' | 'handler' | 'group' | 'enabled'>;

/** Scheduled jobs (SPEC §7 /system/job): schedules of registered handlers, run now, run history. */
export default function JobPage() {
  const { t, i18n } = useTranslation('system-job');
  const lang = i18n.language as Language;
  const { modal, message } = App.useApp();
  const can = useCan();
  const list = usePageList<Filters, (typeof JOB_SORT_FIELDS)[number]>(JOB_SORT_FIELDS, (n) => t('total', { count: n }));
  const query = useJobs(list.request);
  const handlers = useJobHandlers();
  const remove = useJobMutation(jobApi.remove);
  const run = useJobMutation(jobApi.run);
  const toggle = useJobMutation(({ id, enabled }: { id: number; enabled: boolean }) => jobApi.setEnabled(id, enabled));
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; editing: Job | null }>({ open: false, editing: null });
  const [logsOf, setLogsOf] = useState<Job | null>(null);
  const [form] = Form.useForm<Filters>();

  const handlerTitle = (name: string) => {
    const h = handlers.data?.find((x) => x.name === name);
    return h ? (h.titles[lang] ?? h.titles.en) : name;
  };

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteConfirm', { count: ids.length }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          setSelected([]);
          message.success(t('deleted'));
        } catch {
          // The API client has shown the server's reason.
        }
      },
    });

  const confirmRun = (job: Job) =>
    modal.confirm({
      title: t('runTitle'),
      content: t('runConfirm', { name: job.name }),
      okButtonProps: { 'data-testid': 'confirm-run' } as ButtonProps,
      onOk: async () => {
        try {
          const answer = await run.mutateAsync(job.id);
          message.success(answer.queued ? t('runQueued') : t('runDone'));
          setLogsOf(job);
        } catch {
          // The API client has shown the server's reason.
        }
      },
    });

  const columns: TableColumnsType<Job> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', sorter: true, sortOrder: list.sortOrder('name') },
    {
      title: t('fields.group'),
      dataIndex: 'group',
      width: 100,
      render: (g: Job['group']) => <Tag>{t(`groups.${g}`)}</Tag>,
    },
    {
      title: t('fields.handler'),
      dataIndex: 'handler',
      key: 'handler',
      sorter: true,
      sortOrder: list.sortOrder('handler'),
      render: (h: string) => (
        <Tooltip title={h}>
          <span>{handlerTitle(h)}</span>
        </Tooltip>
      ),
    },
    { title: t('fields.cron'), dataIndex: 'cron', render: (c: string) => <Typography.Text code>{c}</Typography.Text> },
    {
      title: t('fields.nextFire'),
      key: 'next',
      render: (_, r) =>
        r.nextFireTimes.length ? (
          <Tooltip
            title={
              <ol className="job-cron-list">
                {r.nextFireTimes.map((x) => (
                  <li key={x}>{formatTime(x)}</li>
                ))}
              </ol>
            }
          >
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
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, r) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!can(PERMISSIONS.job.edit)}
          loading={toggle.isPending && toggle.variables?.id === r.id}
          onChange={(next) => toggle.mutate({ id: r.id, enabled: next })}
          data-testid={`job-toggle-${r.id}`}
        />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 280,
      render: (_, r) => (
        <Space size={0} wrap>
          {can(PERMISSIONS.job.run) && (
            <Button
              type="link"
              size="small"
              icon={<PlayCircleOutlined />}
              onClick={() => confirmRun(r)}
              data-testid={`job-run-${r.id}`}
            >
              {t('run')}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined />}
            onClick={() => setLogsOf(r)}
            data-testid={`job-logs-${r.id}`}
          >
            {t('logs')}
          </Button>
          {can(PERMISSIONS.job.edit) && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ open: true, editing: r })}
              data-testid={`job-edit-${r.id}`}
            >
              {t('editShort')}
            </Button>
          )}
          {can(PERMISSIONS.job.remove) && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete([r.id])}
              data-testid={`job-delete-${r.id}`}
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="job-page" data-testid="job-page">
      <Form
        form={form}
        layout="inline"
        className="job-filters"
        onFinish={(v) => list.setFilters(withoutEmpty(v))}
        onReset={() => list.setFilters({})}
      >
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear maxLength={100} data-testid="filter-name" />
        </Form.Item>
        <Form.Item name="handler" label={t('fields.handler')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="group" label={t('fields.group')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={JOB_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: true, label: t('enabledOn') },
              { value: false, label: t('enabledOff') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search">
            {t('search')}
          </Button>
          <Button htmlType="reset">{t('reset')}</Button>
        </Space>
      </Form>
      <div className="job-toolbar">
        {can(PERMISSIONS.job.add) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ open: true, editing: null })}
            data-testid="job-add"
          >
            {t('add')}
          </Button>
        )}
        {can(PERMISSIONS.job.remove) && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected.length}
            onClick={() => confirmDelete(selected)}
            data-testid="delete-selected"
          >
            {t('deleteSelected')}
          </Button>
        )}
        <span className="job-toolbar-spacer" />
        <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} aria-label={t('refresh')} />
      </div>
      <Table<Job>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onChange}
        scroll={{ x: 1400 }}
        rowSelection={
          can(PERMISSIONS.job.remove)
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        locale={{ emptyText: t('empty') }}
        data-testid="job-table"
      />
      <JobDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
      <Drawer
        open={!!logsOf}
        onClose={() => setLogsOf(null)}
        size="large"
        title={logsOf ? t('logsOf', { name: logsOf.name }) : ''}
        destroyOnHidden
        data-testid="job-logs-drawer"
      >
        {logsOf && <JobLogTable jobId={logsOf.id} />}
      </Drawer>
    </Card>
  );
}
