import { type ChatSendBatch, type ChatSendResult, DICT_TYPES } from '@agent-console/contracts';
import { Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../platform/stores/dict-store';
import { sendReasonText } from '../../../ui/chat-send/send-reason';
import { formatTime } from '../../../ui/crud';
import { useSendBatch } from './chat-message.api';

const COLOURS: Record<ChatSendResult['status'], string> = { queued: 'default', sent: 'success', failed: 'error' };

/**
 * A sent batch as the paced queue works through it: overall progress, then one row per recipient
 * with its result (sent, or failed with the gateway's reason), asked again until none is queued.
 */
export function BatchResults({ first }: { first: ChatSendBatch }) {
  const { t } = useTranslation('chat-address');
  const types = useDict(DICT_TYPES.messageType);
  const batch = useSendBatch(first).data ?? first;
  const done = batch.sent + batch.failed;
  const percent = batch.total > 0 ? Math.floor((done / batch.total) * 100) : 100;
  const columns: TableColumnsType<ChatSendResult> = [
    { title: t('fields.nickname'), dataIndex: 'nickname' },
    {
      title: t('send.result'),
      dataIndex: 'status',
      render: (status: ChatSendResult['status'], r) => (
        <Tag color={COLOURS[status]} data-testid={`send-status-${r.contactId}`} data-status={status}>
          {t(`send.status.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('send.reason'),
      dataIndex: 'reason',
      render: (reason: string | null, r) =>
        r.heldForReplies ? (
          <Typography.Text type="warning" data-testid={`send-reason-${r.contactId}`} data-held="true">
            {t('send.heldForReplies')}
          </Typography.Text>
        ) : (
          reason && (
            <Typography.Text type="danger" data-testid={`send-reason-${r.contactId}`}>
              {sendReasonText(t, reason)}
            </Typography.Text>
          )
        ),
    },
    { title: t('send.sentAt'), dataIndex: 'sentAt', render: formatTime },
  ];
  return (
    <div data-testid="send-results" data-status={batch.status}>
      <Typography.Paragraph>
        {t('send.summary', {
          type: types.label(batch.type),
          count: batch.total,
          sent: batch.sent,
          failed: batch.failed,
          queued: batch.total - done,
        })}
      </Typography.Paragraph>
      <Progress
        percent={percent}
        success={{ percent: batch.total > 0 ? Math.floor((batch.sent / batch.total) * 100) : 0 }}
        status={batch.status === 'running' ? 'active' : batch.failed > 0 ? 'exception' : 'success'}
        data-testid="send-progress"
      />
      {batch.status === 'running' && <Typography.Text type="secondary">{t('send.paced')}</Typography.Text>}
      <Table<ChatSendResult>
        rowKey="contactId"
        size="small"
        columns={columns}
        dataSource={batch.results}
        pagination={batch.results.length > 10 ? { pageSize: 10, size: 'small' } : false}
        className="chat-send-results"
      />
    </div>
  );
}
