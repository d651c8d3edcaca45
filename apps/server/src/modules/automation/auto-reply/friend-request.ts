import type { WelcomeMessage } from '@agent-console/contracts';
import { GatewayError } from '../../../integrations/messaging-gateway/gateway';
import { readRoleConfig } from '../../config/ai-role/role-config';
import { contactRowOf, type RuntimeAccount } from '../../messaging/contact/contact-row';
import { setMessageContact, setMessageStatusUnless } from '../../messaging/outbox/message.repo';
import { type ChatSendRequest, insertQueuedMessages, wakeSenders } from '../../messaging/outbox/send-queue';
import { countFriendAccepted } from '../../messaging/rollup/rollup';
import { loadIncoming } from './auto-reply';
import type { RuntimeDeps } from './runtime-deps';

/** The message id of a friend request in the log is this prefix and the gateway's ticket (gateway-callback). */
const FRIEND_REQUEST_PREFIX = 'friendRequest:';

/** A request accepted by the agent: its log row's status (incoming rows are otherwise `received`). */
export const ACCEPTED_STATUS = 'accepted';
/** A request the gateway refused to accept for good; the reason is on the row. */
export const ACCEPT_FAILED_STATUS = 'acceptFailed';

export type FriendRequestOutcome =
  | { kind: 'accepted'; contactId: number; welcomeMessageIds: number[] }
  | { kind: 'notFound' | 'noApp' | 'autoAcceptOff' | 'acceptedAlready' }
  | { kind: 'refused'; reason: string };

/** Gateway answers worth trying again later (the job is retried); any other refusal is final. */
const RETRYABLE = new Set(['unreachable', 'notReady', 'tooFrequent', 'offline']);

/**
 * Welcome-message items as sends, in their order; an empty text or a file without its object is
 * left out. Follow-up steps are such items too, sent under their own source.
 */
export function welcomeSends(
  messages: readonly WelcomeMessage[],
  target: Omit<ChatSendRequest, 'source' | 'message'>,
  source: ChatSendRequest['source'] = 'welcome',
): ChatSendRequest[] {
  const sends: ChatSendRequest[] = [];
  for (const m of messages) {
    if (m.type === 'text') {
      const text = m.text?.trim();
      if (text) sends.push({ ...target, source, message: { type: 'text', content: text } });
    } else if (m.objectId) {
      const fileName = m.fileName?.trim() || (m.type === 'image' ? 'image' : 'file');
      sends.push({ ...target, source, message: { type: 'file', objectId: m.objectId, fileName } });
    }
  }
  return sends;
}

/**
 * A friend request to an account (issue 16, WAVE2 §6): when the account's app has auto-accept on,
 * the request is accepted at the gateway, the requester becomes a contact (relationship default),
 * and the app's welcome messages are queued in their order, paced by the send queue (not for a
 * contact already marked colleague or silent). Accepting twice is harmless at the gateway; what
 * must happen once — marking the request accepted and queueing the welcome — is one transaction
 * guarded by the request's status, so a redelivered request or a job run twice sends the welcome
 * once.
 */
export async function handleFriendRequest(deps: RuntimeDeps, messageId: number): Promise<FriendRequestOutcome> {
  const { db } = deps;
  const loaded = await loadIncoming(deps, messageId);
  if (loaded?.message.type !== 'friendRequest') return { kind: 'notFound' };
  const { message, account } = loaded;
  if (message.status === ACCEPTED_STATUS) return { kind: 'acceptedAlready' };
  if (account.appId === null) return { kind: 'noApp' };
  const config = await readRoleConfig(db, account.appId);
  if (!config.autoAcceptFriend) return { kind: 'autoAcceptOff' };
  const ticket = (message.gatewayMsgId ?? '').slice(FRIEND_REQUEST_PREFIX.length);
  try {
    await deps.gateway().acceptFriend(account.wcId, { fromWcId: message.peerWcId, ticket });
  } catch (err) {
    if (err instanceof GatewayError && !RETRYABLE.has(err.code)) {
      const reason = err.message.slice(0, 500);
      await setMessageStatusUnless(db, message.id, { status: ACCEPT_FAILED_STATUS, reason }, ACCEPTED_STATUS);
      return { kind: 'refused', reason };
    }
    throw err;
  }
  const done = await db.transaction(async (tx) => {
    const claimed = await setMessageStatusUnless(
      tx,
      message.id,
      { status: ACCEPTED_STATUS, reason: null },
      ACCEPTED_STATUS,
    );
    if (!claimed) return null;
    const contact = await contactRowOf(tx, account, message.peerWcId, { nickname: message.content, restore: true });
    await setMessageContact(tx, message.id, contact.id);
    await countFriendAccepted(tx, account.customerId, contact.relationship, new Date());
    // A colleague or a silent contact asking again (removed once, now back) is accepted but not
    // greeted: the agent sends them nothing by itself.
    const welcome = contact.relationship === 'default' ? config.welcomeMessages : [];
    const ids = await insertQueuedMessages(tx, welcomeSends(welcome, targetOf(account, contact.id, message.peerWcId)));
    return { contactId: contact.id, ids };
  });
  if (!done) return { kind: 'acceptedAlready' };
  await wakeSenders(
    deps.boss,
    done.ids.map((id) => ({ accountId: account.id, messageId: id })),
  );
  return { kind: 'accepted', contactId: done.contactId, welcomeMessageIds: done.ids };
}

function targetOf(account: RuntimeAccount, contactId: number, peerWcId: string) {
  return { customerId: account.customerId, accountId: account.id, contactId, peerWcId };
}
