import { DICT_TYPES, type FollowupSendStatus } from '@agent-console/contracts';
import { Tag } from 'antd';
import { useDict } from '../../../../platform/stores/dict-store';

/** What became of one planned follow-up send, as the `followup_send_status` dictionary shows it. */
export function SendStatusTag({ status, testId }: { status: FollowupSendStatus; testId?: string }) {
  const statuses = useDict(DICT_TYPES.followupSendStatus);
  return (
    <Tag color={statuses.option(status)?.color ?? 'default'} data-status={status} data-testid={testId}>
      {statuses.label(status)}
    </Tag>
  );
}
