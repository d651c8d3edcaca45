import type { SendBudget } from '@agent-console/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * One account's sends today as the robot dialog, the dry run and the batch-message dialog show
 * it: the cap, what went, what is kept for replies, and what follow-ups and batch messages may
 * still send (queued ones counted). Warns when nothing is left for them.
 */
export function SendBudgetLine({ budget, testId = 'send-budget' }: { budget: SendBudget; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Typography.Text
      type={budget.campaignLeft === 0 ? 'warning' : 'secondary'}
      data-testid={testId}
      data-campaign-left={budget.campaignLeft}
    >
      {t('sendBudget.line', {
        sent: budget.sentToday,
        cap: budget.dailyCap,
        reserve: budget.replyReserve,
        left: budget.campaignLeft,
      })}
      {budget.campaignQueued > 0 && ` · ${t('sendBudget.queued', { count: budget.campaignQueued })}`}
    </Typography.Text>
  );
}
