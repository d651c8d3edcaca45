import type { FollowupSendStatus } from '@agent-console/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<FollowupSendStatus, string> = {
  queued: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** What became of one planned follow-up send. */
export function SendStatusTag({ status, testId }: { status: FollowupSendStatus; testId?: string }) {
  const { t } = useTranslation('followup');
  return (
    <Tag color={COLORS[status]} data-status={status} data-testid={testId}>
      {t(`log.statuses.${status}`)}
    </Tag>
  );
}
