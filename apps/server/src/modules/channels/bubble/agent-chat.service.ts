import type { AgentChatConversation, AgentChatCustomer, AppStatus, Language } from '@agent-console/contracts';
import type { Db } from '../../../db/client';
import { inScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { storedTurns } from '../../agent/answer/conversations';
import { bubbleThreadOf, ownBubbleThread } from '../../agent/conversation/conversation.repo';
import { appCustomerId, appsInScopeWithCustomerName } from '../../config/app-config/app.repo';

/**
 * Who the chat bubble may talk to and what it may read back (WAVE2 §11). Any signed-in user may
 * use the bubble; what they reach is bounded by their data scope: the customer must be in it and
 * the app must be that customer's, and a conversation must be one of their own bubble threads.
 * Refusals name the field and answer like a missing row, so ids of others cannot be probed.
 */

const refused = (field: 'customerId' | 'appId' | 'conversationId') => AppError.field('A0404', field, 'invalidValue');

/** The app answering a call, checked against the caller's scope and the customer named with it. */
export async function chatTarget(db: Db, auth: AuthContext, customerId: number, appId: number): Promise<void> {
  if (!inScope(auth, customerId)) throw refused('customerId');
  if ((await appCustomerId(db, appId)) !== customerId) throw refused('appId');
}

/**
 * A conversation the caller may continue: one of their own bubble threads, with the customer and
 * app of this call (changing the app starts a new conversation, so one thread has one voice).
 */
export async function ownConversation(
  db: Db,
  auth: AuthContext,
  conversationId: number,
  target: { customerId: number; appId: number },
): Promise<void> {
  const row = await bubbleThreadOf(db, conversationId, auth.userId);
  if (!row || row.customerId !== target.customerId || row.appId !== target.appId) throw refused('conversationId');
}

/** The customers in the caller's scope that have apps, each with its apps, by name. */
export async function chatApps(db: Db, auth: AuthContext, lang: Language): Promise<AgentChatCustomer[]> {
  const rows = await appsInScopeWithCustomerName(db, auth, lang);
  const byCustomer = new Map<number, AgentChatCustomer>();
  for (const row of rows) {
    let customer = byCustomer.get(row.customerId);
    if (!customer) {
      customer = { customerId: row.customerId, customerName: row.customerName, apps: [] };
      byCustomer.set(row.customerId, customer);
    }
    customer.apps.push({ id: row.id, name: row.name, status: row.status as AppStatus });
  }
  return [...byCustomer.values()];
}

/**
 * One of the caller's bubble conversations with its questions and answers: the one asked for
 * (refused naming `conversationId` when it is not theirs), or else the latest that has an answer
 * (null when there is none). Conversations of customers now outside the caller's scope are not read.
 */
export async function chatConversation(
  db: Db,
  auth: AuthContext,
  conversationId?: number,
): Promise<AgentChatConversation> {
  const row = await ownBubbleThread(db, auth, conversationId);
  if (!row) {
    if (conversationId !== undefined) throw refused('conversationId');
    return null;
  }
  return { ...row, turns: await storedTurns(db, row.id) };
}
