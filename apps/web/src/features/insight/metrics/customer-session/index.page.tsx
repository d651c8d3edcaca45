import {
  CHAT_ACCOUNT_PERMISSIONS,
  RELATIONSHIPS,
  SESSION_METRICS_SORT_FIELDS,
  type SessionMetricsRow,
  sessionMetricsPageQuerySchema,
} from '@agent-console/contracts';
import { Select, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppOptions } from '../../../../platform/resources/app-info';
import { useChatAccountOptions } from '../../../../platform/resources/chat-account';
import { SHORT_TIME_WIDTH, shortTime, useCan } from '../../../../ui/crud';
import { LogList } from '../../../../ui/log-list/LogList';
import { type FilterField, optionsOf } from '../../../../ui/log-list/SearchFields';
import { useLogList } from '../../../../ui/log-list/use-log-list';
import { ReportCustomerSelect } from '../../../../ui/pickers/ReportCustomerSelect';
import { formatDuration } from '../duration';
import { sessionMetrics } from '../metrics.api';
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
  const accounts = useChatAccountOptions(can(CHAT_ACCOUNT_PERMISSIONS.list));
  const apps = useAppOptions(undefined, true);

  // Sized to fit a 1440 px screen with the side menu open (issue 37): short headers and times,
  // names clipped with a tooltip; the first contact and the relationship are offered by the
  // column picker.
  const columns: TableColumnsType<SessionMetricsRow> = [
    {
      title: t('session.contact'),
      dataIndex: 'nickname',
      width: 190,
      ...log.sortable('nickname'),
      render: (_, r) => (
        <span data-testid={`session-row-${r.wcId}`} className="metrics-contact crud-cell-clip">
          <Typography.Text ellipsis={{ tooltip: r.nickname || r.wcId }}>{r.nickname || r.wcId}</Typography.Text>
          <Typography.Text type="secondary" className="metrics-sub" ellipsis={{ tooltip: r.wcId }}>
            {r.wcId}
          </Typography.Text>
        </span>
      ),
    },
    { title: t('session.columns.account'), dataIndex: 'accountName', width: 130, ellipsis: true },
    {
      title: t('session.app'),
      dataIndex: 'appName',
      width: 110,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    { title: t('session.sessions'), dataIndex: 'sessions', width: 98, ...log.sortable('sessions') },
    { title: t('session.columns.in'), dataIndex: 'messagesIn', width: 96, ...log.sortable('messagesIn') },
    {
      title: t('session.columns.out'),
      dataIndex: 'messagesOut',
      width: 120,
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
      width: SHORT_TIME_WIDTH,
      hidden: true,
      ...log.sortable('firstMessageAt'),
      render: shortTime,
    },
    {
      title: t('session.lastMessageAt'),
      dataIndex: 'lastMessageAt',
      // The English header and its sorter need more than the time.
      width: SHORT_TIME_WIDTH + 10,
      ...log.sortable('lastMessageAt'),
      render: shortTime,
    },
    {
      title: t('session.columns.firstReply'),
      dataIndex: 'avgFirstResponseMs',
      width: 110,
      ...log.sortable('avgFirstResponseMs'),
      render: (ms: number | null) => formatDuration(ms, t),
    },
    {
      title: t('session.relationship'),
      dataIndex: 'relationship',
      width: 100,
      hidden: true,
      render: (v: SessionMetricsRow['relationship']) => t(`relationship.${v}`),
    },
    { title: t('session.leads'), dataIndex: 'leads', width: 80, ...log.sortable('leads') },
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
    />
  );
}
