import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Spin, Tag, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerSources } from '../../../ui/answer-sources/AnswerSources';
import type { ChatTurn } from './chat-store';

interface Props {
  turns: readonly ChatTurn[];
  appName: string;
  onRetry(turn: ChatTurn): void;
  /** A source was opened: on a phone the full-screen chat gets out of the way. */
  onSourceOpened(): void;
}

/** The conversation: each question, then its answer as it streams, its sources and its state. */
export function ChatMessages({ turns, appName, onRetry, onSourceOpened }: Props) {
  const { t } = useTranslation('shell');
  const list = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);
  // Follow the answer as it grows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the last turn's text and state are the trigger
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns.length, last?.answer, last?.status]);

  if (!turns.length) {
    return (
      <div className="chat-messages chat-messages-empty" data-testid="chat-messages">
        <RobotOutlined className="chat-welcome-icon" />
        <p>{t('chat.welcome', { app: appName })}</p>
      </div>
    );
  }
  const streaming = last?.status === 'streaming';
  return (
    <div className="chat-messages" ref={list} data-testid="chat-messages" aria-live="polite" aria-busy={streaming}>
      {turns.map((turn) => (
        <div key={turn.key} className="chat-turn" data-testid="chat-turn" data-status={turn.status}>
          <div className="chat-question" data-testid="chat-question">
            <UserOutlined className="chat-turn-icon" aria-hidden />
            <div className="chat-bubble-text">{turn.question}</div>
          </div>
          <div className="chat-answer" data-testid="chat-answer">
            <RobotOutlined className="chat-turn-icon" aria-hidden />
            <div className="chat-bubble-text">
              {turn.answer ? (
                <span className="chat-answer-text" data-testid="chat-answer-text">
                  {turn.answer}
                  {turn.status === 'streaming' && <span className="chat-cursor" aria-hidden />}
                </span>
              ) : (
                turn.status === 'streaming' && (
                  <span className="chat-thinking">
                    <Spin size="small" /> {t('chat.thinking')}
                  </span>
                )
              )}
              {turn.needsPerson && (
                <div>
                  <Tooltip title={t('chat.needsPersonHelp')}>
                    <Tag color="warning" className="chat-needs-person" data-testid="chat-needs-person">
                      {t('chat.needsPerson')}
                    </Tag>
                  </Tooltip>
                </div>
              )}
              <AnswerSources sources={turn.sources} onOpen={onSourceOpened} />
              {turn.status === 'stopped' && (
                <div className="chat-stopped" data-testid="chat-stopped">
                  {t('chat.stopped')}
                </div>
              )}
              {turn.status === 'failed' && (
                <Alert
                  className="chat-error"
                  type="error"
                  showIcon
                  data-testid="chat-error"
                  title={turn.error}
                  action={
                    <Button size="small" onClick={() => onRetry(turn)} disabled={streaming}>
                      {t('chat.retry')}
                    </Button>
                  }
                />
              )}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
