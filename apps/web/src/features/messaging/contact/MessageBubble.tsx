import type { AnswerSource, ConversationMessage } from '@agent-console/contracts';
import { FileOutlined, MobileOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sendReasonText } from '../../../ui/chat-send/send-reason';
import { formatTime } from '../../../ui/crud';

const KNOWN_FROM = new Set(['batch', 'welcome', 'followup']);

function sourceName(source: AnswerSource): string {
  return source.kind === 'qa' ? source.question : source.name;
}

/** Who wrote an outgoing message, as a line above it. */
function FromLine({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation('chat-address');
  const k = 'conversation.from';
  let who: ReactNode;
  if (message.source === 'agent') {
    who = (
      <>
        <RobotOutlined /> {t(`${k}.agent`)}
        {message.agent && (
          <Tooltip title={t(`conversation.stepHint.${message.agent.step}`)}>
            <Tag className="conv-step" data-testid={`message-step-${message.id}`}>
              {t(`conversation.step.${message.agent.step}`)}
            </Tag>
          </Tooltip>
        )}
      </>
    );
  } else if (message.source === 'person') {
    who = (
      <>
        <UserOutlined /> {message.person ? t(`${k}.person`, { name: message.person.name }) : t(`${k}.personUnknown`)}
      </>
    );
  } else if (message.source === 'phone') {
    who = (
      <>
        <MobileOutlined /> {t(`${k}.phone`)}
      </>
    );
  } else {
    who = t(KNOWN_FROM.has(message.source) ? `${k}.${message.source}` : `${k}.other`);
  }
  return <div className="conv-from">{who}</div>;
}

/**
 * One message of the transcript: the contact's on the left, the account's on the right, marked
 * with who wrote it (the agent with its step and sources, a person by name, the phone), its time,
 * and its send status while not sent.
 */
export function MessageBubble({ message, highlighted }: { message: ConversationMessage; highlighted: boolean }) {
  const { t } = useTranslation('chat-address');
  if (message.type === 'friendRequest') {
    return (
      <div className="conv-note" data-message-id={message.id} data-testid={`message-${message.id}`}>
        {t('conversation.friendRequest', { name: message.content })} · {formatTime(message.at)}
      </div>
    );
  }
  const out = message.direction === 'out';
  const sources = message.agent?.sources ?? [];
  return (
    <div
      className={`conv-row ${out ? 'conv-out' : 'conv-in'}${highlighted ? ' conv-highlight' : ''}`}
      data-message-id={message.id}
      data-testid={`message-${message.id}`}
      data-source={message.source}
      data-direction={message.direction}
    >
      <div className="conv-bubble">
        {out && <FromLine message={message} />}
        {message.senderWcId && (
          <div className="conv-from">{t('conversation.groupMember', { wcId: message.senderWcId })}</div>
        )}
        <div className="conv-text">
          {message.fileName ? (
            <>
              <FileOutlined /> {message.fileName}
            </>
          ) : (
            message.content
          )}
        </div>
        {sources.length > 0 && (
          <div className="conv-sources" data-testid={`message-sources-${message.id}`}>
            <span className="conv-meta">{t('conversation.sources')}:</span>
            {sources.map((s) => (
              <Tag key={s.kind === 'qa' ? `qa-${s.qaId}` : `doc-${s.fileId}`} className="conv-source">
                {sourceName(s)}
              </Tag>
            ))}
          </div>
        )}
        {message.agent?.needsPerson && <Tag color="red">{t('conversation.askedForPerson')}</Tag>}
        <div className="conv-meta">
          {formatTime(message.at)}
          {(message.status === 'queued' || message.status === 'sending') && (
            <span className="conv-pending"> · {t(`conversation.status.${message.status}`)}</span>
          )}
          {message.status === 'failed' && (
            <span className="conv-failed">
              {' '}
              · {t('conversation.status.failed', { reason: sendReasonText(t, message.reason) })}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
