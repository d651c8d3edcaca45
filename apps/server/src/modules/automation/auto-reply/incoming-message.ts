import { readRoleConfig } from '../../config/ai-role/role-config';
import { contactOfMessage, loadIncoming, type ReplyOutcome, replyToMessage } from './auto-reply';
import { type CapturedLeads, captureLeads } from './lead-capture';
import type { RuntimeDeps } from './runtime-deps';

export interface IncomingOutcome {
  reply: ReplyOutcome | { kind: 'notFound' };
  leads: CapturedLeads | null;
}

/**
 * The `agent-reply` job: one incoming text of a contact. First the auto-reply (a person is
 * waiting), then lead capture: for contacts of relationship `default` of an account whose app has
 * lead items, whether or not the agent answered (a paused conversation still yields its leads).
 */
export async function handleIncomingMessage(deps: RuntimeDeps, messageId: number): Promise<IncomingOutcome> {
  const loaded = await loadIncoming(deps, messageId);
  if (loaded?.message.direction !== 'in' || loaded.message.type !== 'text') {
    return { reply: { kind: 'notFound' }, leads: null };
  }
  const { message, account } = loaded;
  const contact = await contactOfMessage(deps, message, account);
  const reply = await replyToMessage(deps, message, account, contact);
  if (account.appId === null || contact.type !== 'friend' || contact.relationship !== 'default') {
    return { reply, leads: null };
  }
  const { leadItems } = await readRoleConfig(deps.db, account.appId);
  if (!leadItems.length) return { reply, leads: null };
  const leads = await captureLeads(deps, {
    customerId: account.customerId,
    appId: account.appId,
    contact,
    messageId: message.id,
    text: message.content,
    items: leadItems,
  });
  return { reply, leads };
}
