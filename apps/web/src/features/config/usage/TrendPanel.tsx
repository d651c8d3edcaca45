import { useTranslation } from 'react-i18next';
import { UsageChart } from './UsageChart';
import { UsagePanel } from './UsagePanel';
import { useUsageTrend } from './usage.api';

/** The last 7 days, today included (SPEC §9), as a line; days without answers show 0. No customer: all of the caller's. */
export function TrendPanel({ customerId }: { customerId: number | undefined }) {
  const { t } = useTranslation('usage');
  const query = useUsageTrend(customerId);
  const points = query.data ?? [];
  return (
    <UsagePanel title={t('trend.title')} testId="usage-trend" query={query} empty={!points.some((p) => p.used > 0)}>
      <UsageChart
        kind="line"
        labels={points.map((p) => p.date.slice(5))}
        values={points.map((p) => p.used)}
        ariaLabel={t('trend.chart', { figures: points.map((p) => `${p.date}: ${p.used}`).join(', ') })}
        testId="usage-trend-chart"
      />
    </UsagePanel>
  );
}
