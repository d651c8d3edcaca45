import type { UsageDashboard } from '@agent-console/contracts';
import { Card, Statistic } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A card's figure, or the words for an unlimited or zero quota (WAVE2 §8.2). */
function cardsOf(d: UsageDashboard, t: TFunction<'usage'>) {
  const unlimited = t('unlimited');
  const quota = d.totalQuota === null ? unlimited : d.totalQuota === 0 ? t('zeroQuota') : d.totalQuota;
  const rate =
    d.totalQuota === null ? t('rateUnlimited') : d.totalQuota === 0 ? t('rateZero') : `${d.usageRate ?? 0} %`;
  return [
    { key: 'total', title: t('cards.total'), value: quota },
    { key: 'used', title: t('cards.used'), value: d.used },
    { key: 'remaining', title: t('cards.remaining'), value: d.remaining ?? unlimited },
    { key: 'lastMonth', title: t('cards.lastMonth'), value: d.lastMonthRemaining ?? unlimited },
    { key: 'rate', title: t('cards.rate'), value: rate },
  ];
}

/** The five cards of SPEC §3, counted in agent answers this calendar month. */
export function UsageCards({ data }: { data: UsageDashboard }) {
  const { t } = useTranslation('usage');
  return (
    <>
      <div className="usage-cards">
        {cardsOf(data, t).map((c) => (
          <Card key={c.key} size="small" data-testid={`usage-card-${c.key}`}>
            <Statistic title={c.title} value={c.value} />
          </Card>
        ))}
      </div>
      <p className="usage-period" data-testid="usage-period">
        {t('period', { from: data.period.from, to: data.period.to })}
      </p>
    </>
  );
}
