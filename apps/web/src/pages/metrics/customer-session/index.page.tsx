import {
  PERMISSIONS,
  RELATIONSHIPS,
  SESSION_METRICS_SORT_FIELDS,
  type SessionMetricsRow,
  sessionMetricsPageQuerySchema,
} from '@agent-console/contracts';
import { Select, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppOptions } from '../../../api/app-info';
import { useChatAccountOptions } from '../../../api/chat-account';
import { sessionMetrics } from '../../../api/metrics';
import { formatTime, useCan } from '../../../components/crud';
import { formatDuration } from '../../../components/duration';
import { LogList } from '../../../components/log-list/LogList';
import { type FilterField, optionsOf } from '../../../components/log-list/SearchFields';
import { useLogList } from '../../../components/log-list/use-log-list';
import { ReportCustomerSelect } from '../../../components/ReportCustomerSelect';
import './customer-session.css';

/** The period filter: whole days, both included; empty means the last 7 days (the server's default). */
const PERIOD = { from: 'dateFrom', to: 'dateTo', dateOnly: true } as const;

/**
 * Customer session metrics (WAVE2 §9.2): per contact, its sessions in the period (messages with
 * gaps under 30 minutes), messages in and out, first and last message, average first response
 * and captured leads; colleagues left out. Filters, sort and export through the list's one call.
 */
export default function CustomerSessionMetricsPage() {
  const { t } = useTranslation(['metrics', 'crud']);
  const can = useCan();
  const log = useLogList(sessionMetrics, SESSION_METRICS_SORT_FIELDS, {
    schema: sessionMetricsPageQuerySchema,
    range: { ...PERIOD, label: t('filters.period') },
  });
  const accounts = useChatAccountOptions(can(PERMISSIONS.chatAccount.list));
  const apps = useAppOptions(undefined, true);

  const columns: TableColumnsType<SessionMetricsRow> = [
    {
      title: t('session.contact'),
      dataIndex: 'nickname',
      ...log.sortable('nickname'),
      render: (_, r) => (
        <span data-testid={`session-row-${r.wcId}`}>
          {r.nickname || r.wcId}
          <Typography.Text type="secondary" className="metrics-sub">
            {r.wcId}
          </Typography.Text>
        </span>
      ),
    },
    { title: t('session.account'), dataIndex: 'accountName', ellipsis: true },
    { title: t('session.app'), dataIndex: 'appName', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('session.sessions'), dataIndex: 'sessions', width: 100, ...log.sortable('sessions') },
    { title: t('session.messagesIn'), dataIndex: 'messagesIn', width: 100, ...log.sortable('messagesIn') },
    {
      title: t('session.messagesOut'),
      dataIndex: 'messagesOut',
      width: 150,
      ...log.sortable('messagesOut'),
      render: (v: number, r) => (
        <span title={t('session.outSplit', { agent: r.agentReplies, person: r.personReplies })}>
          {v}
          <Typography.Text type="secondary" className="metrics-sub">
            {t('session.outSplit', { agent: r.agentReplies, person: r.personReplies })}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('session.firstMessageAt'),
      dataIndex: 'firstMessageAt',
      width: 170,
      ...log.sortable('firstMessageAt'),
      render: formatTime,
    },
    {
      title: t('session.lastMessageAt'),
      dataIndex: 'lastMessageAt',
      width: 170,
      ...log.sortable('lastMessageAt'),
      render: formatTime,
    },
    {
      title: t('session.avgFirstResponse'),
      dataIndex: 'avgFirstResponseMs',
      width: 140,
      ...log.sortable('avgFirstResponseMs'),
      render: (ms: number | null) => formatDuration(ms, t),
    },
    {
      title: t('session.relationship'),
      dataIndex: 'relationship',
      width: 110,
      render: (v: SessionMetricsRow['relationship']) => t(`relationship.${v}`),
    },
    { title: t('session.leads'), dataIndex: 'leads', width: 90, ...log.sortable('leads') },
  ];

  const filters: FilterField[] = [
    { name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint'), testId: 'filter-keyword' },
    {
      name: 'customerId',
      label: t('filters.customer'),
      control: <ReportCustomerSelect style={{ width: 180 }} data-testid="filter-customer" />,
    },
    {
      name: 'accountId',
      label: t('filters.account'),
      control: (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 170 }}
          loading={accounts.isLoading}
          options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.nickname || a.wcId }))}
          data-testid="filter-account"
        />
      ),
    },
    {
      name: 'appId',
      label: t('filters.app'),
      control: (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 160 }}
          loading={apps.isLoading}
          options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          data-testid="filter-app"
        />
      ),
    },
    {
      name: 'relationship',
      label: t('session.relationship'),
      width: 120,
      options: optionsOf(RELATIONSHIPS, (v) => t(`relationship.${v}`)),
      testId: 'filter-relationship',
    },
    {
      name: 'hasLead',
      label: t('filters.hasLead'),
      control: (
        <Select
          allowClear
          style={{ width: 110 }}
          options={[
            { value: true, label: t('filters.yes') },
            { value: false, label: t('filters.no') },
          ]}
          data-testid="filter-has-lead"
        />
      ),
    },
  ];

  return (
    <LogList
      testId="metrics-session-page"
      log={log}
      columns={columns}
      filters={filters}
      rowKey="key"
      emptyText={t('session.empty')}
      scroll={{ x: 1300 }}
    />
  );
}
