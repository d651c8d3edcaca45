import {
  CHAT_ADDRESS_PERMISSIONS,
  type ConversationState,
  type ConversationView,
  DICT_TYPES,
  TAKEOVER_CHOICES,
} from '@agent-console/contracts';
import { Alert, Button, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { conversationApi, useConversationMutation } from '../../../platform/resources/conversation';
import { useDict } from '../../../platform/stores/dict-store';
import { NeedsPersonReasonText } from '../../../ui/chat-send/NeedsPersonReasonText';
import { formatTime, useCan } from '../../../ui/crud';

type Choice = (typeof TAKEOVER_CHOICES)[number] | 'released';
const UNTIL_RELEASED = 'released' as const;

/** What the agent does for this contact now, in one sentence (and who paused it, if paused). */
function stateText(t: TFunction<'chat-address'>, view: ConversationView, relationship: string): string {
  const s = view.state;
  const k = 'conversation.state';
  if (s.paused) {
    const until = s.untilReleased
      ? t(`${k}.pausedForever`)
      : t(`${k}.pausedUntil`, { time: formatTime(s.pausedUntil) });
    const who =
      s.pauseReason === 'phone' ? t(`${k}.byPhone`) : s.pausedBy ? t(`${k}.byPerson`, { name: s.pausedBy.name }) : '';
    return who ? t(`${k}.pausedWho`, { pause: until, who }) : until;
  }
  if (s.quietBecause === 'relationship') return t(`${k}.quietRelationship`, { relationship });
  if (s.quietBecause === 'noApp') return t(`${k}.quietNoApp`);
  return t(`${k}.answering`);
}

/**
 * The hand-over: whether the agent answers, "Take over" for a chosen time or until released, and
 * "Release"; the "needs a person" flag with "Mark as handled".
 */
export function HandOverBar({ view }: { view: ConversationView }) {
  const { t } = useTranslation('chat-address');
  const can = useCan();
  const relationships = useDict(DICT_TYPES.relationship);
  const [choice, setChoice] = useState<Choice>(60);
  const contactId = view.contact.id;
  const take = useConversationMutation((minutes: number | null) => conversationApi.takeOver(contactId, minutes));
  const release = useConversationMutation(() => conversationApi.release(contactId));
  const resolve = useConversationMutation(() => conversationApi.resolve(contactId));
  const s: ConversationState = view.state;
  const allowed = can(CHAT_ADDRESS_PERMISSIONS.takeover);

  const onTakeOver = async () => {
    await take.mutateAsync(choice === UNTIL_RELEASED ? null : choice);
    feedback.success(t('conversation.tookOver'));
  };
  const onRelease = async () => {
    await release.mutateAsync(undefined);
    feedback.success(t('conversation.released'));
  };
  const onResolve = async () => {
    await resolve.mutateAsync(undefined);
    feedback.success(t('conversation.resolved'));
  };
  // A refusal has been shown by the API client.
  const quietly = (work: () => Promise<void>) => () => void work().catch(() => undefined);

  const options = [
    ...TAKEOVER_CHOICES.map((m) => ({ value: m as Choice, label: t(`conversation.duration.${m}`) })),
    { value: UNTIL_RELEASED as Choice, label: t('conversation.duration.released') },
  ];

  return (
    <div className="conv-handover" data-testid="conversation-state" data-paused={s.paused}>
      <Alert
        type={s.paused ? 'warning' : s.quietBecause ? 'info' : 'success'}
        showIcon
        title={stateText(t, view, relationships.label(view.contact.relationship))}
        action={
          allowed &&
          (s.paused ? (
            <Button
              size="small"
              loading={release.isPending}
              onClick={quietly(onRelease)}
              data-testid="conversation-release"
            >
              {t('conversation.release')}
            </Button>
          ) : (
            <Space size={4} wrap className="conv-takeover">
              <Select
                size="small"
                value={choice}
                onChange={setChoice}
                options={options}
                aria-label={t('conversation.takeOverFor')}
                popupMatchSelectWidth={false}
                data-testid="conversation-duration"
              />
              <Button
                size="small"
                type="primary"
                loading={take.isPending}
                onClick={quietly(onTakeOver)}
                data-testid="conversation-takeover"
              >
                {t('conversation.takeOver')}
              </Button>
            </Space>
          ))
        }
      />
      {s.needsPerson && (
        <Alert
          type="error"
          showIcon
          className="conv-needs-person"
          data-testid="conversation-needs-person"
          title={t('conversation.state.needsPerson')}
          description={<NeedsPersonReasonText reason={s.needsPersonReason} at={s.needsPersonAt} />}
          action={
            allowed && (
              <Button
                size="small"
                loading={resolve.isPending}
                onClick={quietly(onResolve)}
                data-testid="conversation-resolve"
              >
                {t('conversation.resolve')}
              </Button>
            )
          }
        />
      )}
    </div>
  );
}
