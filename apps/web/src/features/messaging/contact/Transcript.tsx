import type { ConversationMessage } from '@agent-console/contracts';
import { Button, Empty, Typography } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBubble } from './MessageBubble';

interface Props {
  messages: ConversationMessage[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  earlierFailed: boolean;
  onLoadEarlier(): void;
  /** A message to bring into view and mark (a lead's source); a new object each time it is asked. */
  highlight: { id: number } | null;
}

/** How close to the end counts as "reading the latest": new messages then scroll into view. */
const AT_END_PX = 80;

/**
 * The messages as a chat, oldest at the top. It opens at the latest message and follows new ones
 * while the reader is at the end; someone reading further up is left where they are, and loading
 * earlier messages keeps the message they were looking at in place.
 */
export function Transcript({ messages, hasEarlier, loadingEarlier, earlierFailed, onLoadEarlier, highlight }: Props) {
  const { t } = useTranslation('chat-address');
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first: number | null; last: number | null; height: number; atEnd: boolean }>({
    first: null,
    last: null,
    height: 0,
    atEnd: true,
  });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    const first = messages[0]?.id ?? null;
    const last = messages.at(-1)?.id ?? null;
    if (before.first !== null && first !== null && first < before.first && last === before.last) {
      // Earlier messages came in above: keep what was on screen where it was.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (before.atEnd && last !== before.last) {
      el.scrollTop = el.scrollHeight;
    }
    seen.current = { first, last, height: el.scrollHeight, atEnd: before.atEnd };
  }, [messages]);

  useLayoutEffect(() => {
    if (highlight === null) return;
    box.current
      ?.querySelector(`[data-message-id="${highlight.id}"]`)
      ?.scrollIntoView({ block: 'center', behavior: 'auto' });
  }, [highlight]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    seen.current.atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < AT_END_PX;
    seen.current.height = el.scrollHeight;
  };

  return (
    <div className="conv-transcript" ref={box} onScroll={onScroll} data-testid="conversation-transcript">
      {hasEarlier ? (
        <div className="conv-earlier">
          <Button size="small" loading={loadingEarlier} onClick={onLoadEarlier} data-testid="conversation-earlier">
            {t('conversation.loadEarlier')}
          </Button>
          {earlierFailed && <Typography.Text type="danger"> {t('conversation.loadFailed')}</Typography.Text>}
        </div>
      ) : (
        messages.length > 0 && <div className="conv-note">{t('conversation.start')}</div>
      )}
      {messages.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('conversation.empty')}
          data-testid="conversation-empty"
        />
      ) : (
        messages.map((m) => <MessageBubble key={m.id} message={m} highlighted={m.id === highlight?.id} />)
      )}
    </div>
  );
}
