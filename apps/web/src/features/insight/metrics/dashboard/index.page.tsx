import type { MetricsDashboard, UnansweredQuestion } from '@agent-console/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Form, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../../../../ui/charts/TrendChart';
import { formatTime } from '../../../../ui/crud';
import { ReportCustomerSelect } from '../../../../ui/pickers/ReportCustomerSelect';
import { useMetricsDashboard } from '../metrics.api';
import { KpiCards } from './KpiCards';
import './dashboard.css';

type Period = [Dayjs | null, Dayjs | null] | null;

/**
 * The metrics dashboard (WAVE2 §9.3): for "All my customers" (every customer of the caller's
 * scope, the default) or one customer picked, and a period (default the last 7 days), the KPIs,
 * daily trends and the questions the agent could not answer. Each chart line is the daily series
 * its card adds up.
 */
export default function MetricsDashboardPage() {
  const { t } = useTranslation('metrics');
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [period, setPeriod] = useState<Period>(null);
  const query = useMetricsDashboard({
    customerId,
    dateFrom: period?.[0]?.format('YYYY-MM-DD'),
    dateTo: period?.[1]?.format('YYYY-MM-DD'),
  });
  const data = query.data;

  return (
    <div className="metrics-dashboard" data-testid="metrics-dashboard">
      <Card size="small">
        <Form layout="inline" className="metrics-dashboard-filters">
          <Form.Item label={t('filters.customer')}>
            <ReportCustomerSelect
              value={customerId}
              onChange={setCustomerId}
              style={{ width: 200 }}
              data-testid="dashboard-customer"
            />
          </Form.Item>
          <Form.Item label={t('filters.period')}>
            <DatePicker.RangePicker
              value={period}
              onChange={(v) => setPeriod(v)}
              placeholder={[t('dashboard.last7'), t('dashboard.today')]}
              data-testid="dashboard-period"
            />
          </Form.Item>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            aria-label={t('dashboard.refresh')}
            data-testid="dashboard-refresh"
          />
        </Form>
        {data && (
          <div className="metrics-dashboard-period" data-testid="dashboard-shown-period">
            {t('dashboard.shownPeriod', { from: data.dateFrom, to: data.dateTo })}
          </div>
        )}
      </Card>

      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('dashboard.loadFailed')}
          description={query.error instanceof Error ? query.error.message : undefined}
          action={
            <Button size="small" onClick={() => void query.refetch()} data-testid="dashboard-retry">
              {t('dashboard.retry')}
            </Button>
          }
          data-testid="dashboard-error"
        />
      ) : (
        <>
          <KpiCards kpis={data?.kpis} loading={query.isPending} />
          <Trends data={data} loading={query.isPending} />
          <Unanswered rows={data?.unanswered} loading={query.isPending} />
        </>
      )}
    </div>
  );
}

function Trends({ data, loading }: { data: MetricsDashboard | undefined; loading: boolean }) {
  const { t } = useTranslation('metrics');
  const { labels, messages, conversations } = useMemo(() => {
    const trend = data?.trend ?? [];
    const pick = (key: Exclude<keyof MetricsDashboard['trend'][number], 'date'>) => trend.map((p) => p[key]);
    return {
      labels: trend.map((p) => p.date.slice(5)),
      messages: [
        { name: t('kpi.messagesIn'), values: pick('messagesIn') },
        { name: t('kpi.messagesOut'), values: pick('messagesOut') },
      ],
      conversations: [
        { name: t('kpi.activeSessions'), values: pick('activeSessions') },
        { name: t('kpi.newContacts'), values: pick('newContacts') },
        { name: t('trend.agentAnswered'), values: pick('agentAnswered') },
        { name: t('trend.handoverSessions'), values: pick('handoverSessions') },
      ],
    };
  }, [data, t]);
  return (
    <div className="metrics-dashboard-charts">
      <Card size="small" title={t('trend.messages')}>
        <TrendChart
          labels={labels}
          series={messages}
          loading={loading}
          emptyText={t('trend.empty')}
          testId="trend-messages"
          ariaLabel={t('trend.messages')}
        />
      </Card>
      <Card size="small" title={t('trend.conversations')}>
        <TrendChart
          labels={labels}
          series={conversations}
          loading={loading}
          emptyText={t('trend.empty')}
          testId="trend-conversations"
          ariaLabel={t('trend.conversations')}
        />
      </Card>
    </div>
  );
}

function Unanswered({ rows, loading }: { rows: UnansweredQuestion[] | undefined; loading: boolean }) {
  const { t } = useTranslation('metrics');
  const columns: TableColumnsType<UnansweredQuestion> = [
    { title: t('unanswered.question'), dataIndex: 'question' },
    { title: t('unanswered.count'), dataIndex: 'count', width: 90 },
    { title: t('unanswered.lastAt'), dataIndex: 'lastAt', width: 170, render: formatTime, responsive: ['sm'] },
  ];
  return (
    <Card
      size="small"
      title={t('unanswered.title')}
      extra={<span className="metrics-sub">{t('unanswered.hint')}</span>}
    >
      <Table<UnansweredQuestion>
        size="small"
        rowKey="question"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={{ emptyText: t('unanswered.empty') }}
        data-testid="unanswered-table"
      />
    </Card>
  );
}
