import type { BuiltinSchedule } from '@agent-console/contracts/system-job';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBuiltinSchedules } from '../../../platform/resources/system-job';
import { formatTime, useTableLayout } from '../../../ui/crud';

/**
 * The schedules pg-boss fires by itself (the server's queue catalogue, issue 35), under the jobs:
 * read-only, named and explained in the user's language by their key (the queue's name).
 */
export function BuiltinSchedules() {
  const { t } = useTranslation(['system-job', 'crud']);
  const query = useBuiltinSchedules();
  // A schedule added to the catalogue before its words still shows, by its key.
  const nameOf = (key: string) => t(`builtin.schedules.${key}.name`, { defaultValue: key });
  const aboutOf = (key: string) => t(`builtin.schedules.${key}.about`, { defaultValue: '' });

  const columns: TableColumnsType<BuiltinSchedule> = [
    {
      title: t('builtin.fields.name'),
      key: 'name',
      width: 180,
      render: (_, r) => <span data-testid={`builtin-schedule-${r.key}`}>{nameOf(r.key)}</span>,
    },
    { title: t('builtin.fields.about'), key: 'about', width: 320, render: (_, r) => aboutOf(r.key) },
    {
      title: t('fields.cron'),
      dataIndex: 'cron',
      width: 140,
      render: (c: string) => <Typography.Text code>{c}</Typography.Text>,
    },
    {
      title: t('fields.nextFire'),
      dataIndex: 'nextFireAt',
      width: 170,
      render: (at: string | null) => <span className="crud-short-time">{formatTime(at)}</span>,
    },
  ];
  const layout = useTableLayout(columns);

  return (
    <Card
      className="crud-page job-builtin"
      title={t('builtin.title')}
      data-testid="job-builtin"
      extra={
        <Button
          icon={<ReloadOutlined spin={query.isFetching} />}
          onClick={() => void query.refetch()}
          aria-label={t('crud:refresh')}
          data-testid="job-builtin-refresh"
        />
      }
    >
      <Typography.Paragraph type="secondary" data-testid="job-builtin-hint">
        {t('builtin.hint')}
      </Typography.Paragraph>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('builtin.loadFailed')}
          description={query.error instanceof Error ? query.error.message : undefined}
          action={
            <Button size="small" onClick={() => void query.refetch()} data-testid="job-builtin-retry">
              {t('builtin.retry')}
            </Button>
          }
          data-testid="job-builtin-error"
        />
      ) : (
        <Table<BuiltinSchedule>
          rowKey="key"
          size="middle"
          pagination={false}
          loading={query.isPending}
          dataSource={query.data}
          locale={{ emptyText: <Empty description={t('builtin.empty')} /> }}
          data-testid="job-builtin-table"
          {...layout}
        />
      )}
    </Card>
  );
}
