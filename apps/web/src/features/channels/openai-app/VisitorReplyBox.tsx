import { VISITOR_REPLY_MAX } from '@agent-console/contracts';
import { SendOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { useVisitorReply } from '../../../platform/resources/app-info';

/**
 * A person writes to the visitor: the widget shows it within seconds while it is open (and on the
 * visitor's next visit), and the conversation no longer waits for a person. Ctrl+Enter sends.
 */
export function VisitorReplyBox({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation('app');
  const [text, setText] = useState('');
  const reply = useVisitorReply();
  const content = text.trim();
  const tooLong = [...content].length > VISITOR_REPLY_MAX;

  const send = async () => {
    if (!content || tooLong || reply.isPending) return;
    await reply.mutateAsync({ conversationId, content });
    setText('');
    feedback.success(t('widget.transcript.replySent'));
  };

  return (
    <div className="widget-reply-box">
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('widget.transcript.replyPlaceholder')}
        aria-label={t('widget.transcript.replyLabel')}
        status={tooLong ? 'error' : undefined}
        data-testid="visitor-reply-input"
      />
      <div className="widget-reply-actions">
        <Typography.Text type={tooLong ? 'danger' : 'secondary'}>
          {tooLong ? t('widget.transcript.replyTooLong', { max: VISITOR_REPLY_MAX }) : t('widget.transcript.replyHint')}
        </Typography.Text>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!content || tooLong}
          loading={reply.isPending}
          onClick={() => void send()}
          data-testid="visitor-reply-send"
        >
          {t('widget.transcript.replySend')}
        </Button>
      </div>
    </div>
  );
}
