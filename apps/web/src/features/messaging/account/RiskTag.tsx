import type { ChatRisk } from '@agent-console/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../ui/crud';

const COLOURS: Record<ChatRisk['level'], string> = { low: 'success', medium: 'warning', high: 'error' };

/**
 * How close the account is to the gateway's limits (the pacing governor's risk level): the level
 * with "sent today / daily cap"; the tooltip tells the send budget (what is kept for replies, what
 * follow-ups and batch messages may still send), the recent "too frequent" refusals, a back-off
 * in force and the lower cap of an account still warming up.
 */
export function RiskTag({ risk, name }: { risk: ChatRisk; name: string }) {
  const { t } = useTranslation(['chat-account', 'common']);
  const { budget } = risk;
  const details = [
    t('risk.sentToday', { sent: risk.sentToday, cap: risk.dailyCap }),
    t('common:sendBudget.line', {
      sent: budget.sentToday,
      cap: budget.dailyCap,
      reserve: budget.replyReserve,
      left: budget.campaignLeft,
    }),
    t('risk.refusals', { count: risk.refusalsRecent }),
    risk.backoffUntil ? t('risk.backoff', { until: formatTime(risk.backoffUntil) }) : null,
    risk.warmingUp ? t('risk.warmingUp') : null,
  ].filter(Boolean);
  return (
    <Tooltip
      title={
        <div data-testid={`risk-details-${name}`}>
          {details.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    >
      <Tag color={COLOURS[risk.level]} data-testid={`risk-${name}`} data-level={risk.level} tabIndex={0}>
        {t(`risk.levels.${risk.level}`)} · {risk.sentToday}/{risk.dailyCap}
      </Tag>
    </Tooltip>
  );
}
