import { CHAT_ADDRESS_PERMISSIONS, type VisitorConversation } from '@agent-console/contracts';
import { CustomerServiceOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Empty, Modal, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVisitorHandled, useVisitorTranscript } from '../../../platform/resources/app-info';
import { AnswerSources } from '../../../ui/answer-sources/AnswerSources';
import { formatTime, useCan } from '../../../ui/crud';
import { VisitorReplyBox } from './VisitorReplyBox';

interface Props {
  /** The conversation whose transcript is open (its row); null: closed. */
  conversation: VisitorConversation | null;
  onClose(): void;
  /** A source was opened: the console goes to its screen. */
  onLeave(): void;
}

/** One visitor's conversation: each question and its answer, with the answer's sources and whether it asked for a person. */
export function VisitorTranscript({ conversation, onClose, onLeave }: Props) {
  const { t } = useTranslation('app');
  const query = useVisitorTranscript(conversation?.id ?? null);
  const shown = query.data && query.data.id === conversation?.id ? query.data : undefined;
  const handled = useVisitorHandled();
  const can = useCan();
  // After "handled" the row the list shows is stale until it refreshes: the answer is newer.
  const base = shown ?? conversation;
  const head = base && handled.data?.id === base.id ? { ...base, needsPersonAt: handled.data.needsPersonAt } : base;

  let body: React.ReactNode;
  if (!shown && query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('widget.transcript.loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('widget.transcript.retry')}
          </Button>
        }
      />
    );
  } else if (!shown) {
    body = (
      <div className="widget-transcript-loading">
        <Spin />
      </div>
    );
  } else if (!shown.turns.length && !shown.replies.length) {
    body = <Empty description={t('widget.transcript.noTurns')} />;
  } else {
    // Questions with their answers, and people's replies, in the order they were written.
    const timeline = [
      ...shown.turns.map((turn) => ({ at: turn.createdAt, turn, reply: undefined })),
      ...shown.replies.map((reply) => ({ at: reply.createdAt, turn: undefined, reply })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    body = (
      <ol className="widget-transcript-turns">
        {timeline.map(({ turn, reply }) =>
          turn ? (
            <li key={`turn-${turn.answerId}`} className="widget-turn" data-testid="visitor-turn">
              <div className="widget-turn-question">
                <UserOutlined className="widget-turn-icon" aria-label={t('widget.transcript.visitor')} />
                <div className="widget-turn-text">{turn.question}</div>
              </div>
              <div className="widget-turn-answer">
                <RobotOutlined className="widget-turn-icon" aria-label={t('widget.transcript.agent')} />
                <div className="widget-turn-text">
                  <div>{turn.answer}</div>
                  {turn.needsPerson && (
                    <Tag color="red" className="widget-turn-needs-person" data-testid="visitor-turn-needs-person">
                      {t('widget.visitors.needsPerson')}
                    </Tag>
                  )}
                  <AnswerSources sources={turn.sources} onOpen={onLeave} />
                  <time className="widget-turn-time" dateTime={turn.createdAt}>
                    {formatTime(turn.createdAt)}
                  </time>
                </div>
              </div>
            </li>
          ) : reply ? (
            <li key={`reply-${reply.id}`} className="widget-turn" data-testid="visitor-reply">
              <div className="widget-turn-answer widget-turn-person">
                <CustomerServiceOutlined className="widget-turn-icon" aria-label={t('widget.transcript.person')} />
                <div className="widget-turn-text">
                  <div>{reply.content}</div>
                  <time className="widget-turn-time" dateTime={reply.createdAt}>
                    {reply.by ? `${reply.by} · ` : ''}
                    {formatTime(reply.createdAt)}
                  </time>
                </div>
              </div>
            </li>
          ) : null,
        )}
      </ol>
    );
  }

  return (
    <Modal
      open={conversation !== null}
      onCancel={onClose}
      footer={null}
      width={680}
      title={head ? t('widget.transcript.title', { visitor: head.visitor }) : ''}
      destroyOnHidden
    >
      <div data-testid="visitor-transcript" className="widget-transcript">
        {head && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            className="widget-transcript-meta"
            items={[
              { key: 'origin', label: t('widget.visitors.origin'), children: head.origin ?? '—' },
              {
                key: 'state',
                label: t('widget.transcript.state'),
                children: head.needsPersonAt ? (
                  <span className="widget-transcript-waiting">
                    <Tag color="red">{t('widget.visitors.needsPerson')}</Tag>
                    {can(CHAT_ADDRESS_PERMISSIONS.takeover) && (
                      <Button
                        size="small"
                        loading={handled.isPending}
                        onClick={() => handled.mutate(head.id)}
                        data-testid="visitor-handled"
                      >
                        {t('widget.transcript.handled')}
                      </Button>
                    )}
                  </span>
                ) : (
                  <Typography.Text type="secondary">{t('widget.transcript.answered')}</Typography.Text>
                ),
              },
              { key: 'createdAt', label: t('widget.visitors.createdAt'), children: formatTime(head.createdAt) },
              {
                key: 'lastMessageAt',
                label: t('widget.visitors.lastMessageAt'),
                children: formatTime(head.lastMessageAt),
              },
            ]}
          />
        )}
        {body}
        {shown && can(CHAT_ADDRESS_PERMISSIONS.takeover) && <VisitorReplyBox conversationId={shown.id} />}
      </div>
    </Modal>
  );
}
