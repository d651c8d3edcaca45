import type { MetricsKpis } from '@agent-console/contracts';
import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../duration';

type Key = keyof MetricsKpis;

/** Counts shown as they are; rates as a percentage; the median response as a duration. */
const COUNTS: Key[] = [
  'newContacts',
  'friendsAccepted',
  'activeSessions',
  'messagesIn',
  'messagesOut',
  'leadsCaptured',
  'followupsSent',
];

/** The dashboard's KPI cards; while loading each card shows its skeleton. */
export function KpiCards({ kpis, loading }: { kpis: MetricsKpis | undefined; loading: boolean }) {
  const { t } = useTranslation('metrics');
  const percent = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);
  const card = (key: string, title: string, value: string | number, hint?: string) => (
    <Card size="small" key={key} data-testid={`kpi-${key}`}>
      <Statistic title={title} value={value} loading={loading} />
      {hint && !loading && <div className="metrics-sub">{hint}</div>}
    </Card>
  );
  return (
    <div className="metrics-kpis">
      {COUNTS.map((k) => card(k, t(`kpi.${k}`), kpis?.[k] ?? 0))}
      {card(
        'agentReplyRate',
        t('kpi.agentReplyRate'),
        percent(kpis?.agentReplyRate),
        kpis && t('kpi.agentReplyRateHint', { answered: kpis.agentAnswered, incoming: kpis.messagesIn }),
      )}
      {card(
        'handoverRate',
        t('kpi.handoverRate'),
        percent(kpis?.handoverRate),
        kpis && t('kpi.handoverRateHint', { handed: kpis.handoverSessions, sessions: kpis.activeSessions }),
      )}
      {card('medianFirstResponse', t('kpi.medianFirstResponse'), formatDuration(kpis?.medianFirstResponseMs, t))}
      {card(
        'accounts',
        t('kpi.accounts'),
        kpis ? `${kpis.accountsOnline} / ${kpis.accountsOnline + kpis.accountsOffline}` : '—',
        kpis && t('kpi.accountsHint', { online: kpis.accountsOnline, offline: kpis.accountsOffline }),
      )}
    </div>
  );
}
