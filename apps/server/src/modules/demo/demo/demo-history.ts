import type { Db } from '../../../db/client';
import type { EmbeddingClient } from '../../../integrations/embedding';
import type { ChatLlm } from '../../../integrations/llm';
import type { Prng } from '../../../lib/prng';
import { answer } from '../../agent/answer/agent';
import { setAnswerReplyMessage } from '../../agent/answer/answer.repo';
import { recordAnswer } from '../../agent/answer/conversations';
import { textWithSources } from '../../agent/answer/reply-language';
import { openContactConversation } from '../../agent/conversation/conversation.repo';
import { markHandReply } from '../../agent/conversation/hand-over.repo';
import { contactHistory } from '../../automation/auto-reply/contact-history';
import { captureLeads } from '../../automation/auto-reply/lead-capture';
import { readRoleConfig } from '../../config/ai-role/role-config';
import { readAgentConfig } from '../../config/app-config/agent-config';
import { runtimeAccountById } from '../../messaging/account/account.repo';
import { type ContactRow, contactsOfAccount } from '../../messaging/contact/contact.repo';
import { contactRowOf, type RuntimeAccount, type RuntimeContact } from '../../messaging/contact/contact-row';
import { storeIncomingMessage } from '../../messaging/inbox/incoming-batch';
import { claimNext, recordOutcome } from '../../messaging/outbox/pacing-governor';
import type { PacingPolicy } from '../../messaging/outbox/pacing-policy';
import { insertQueuedMessages } from '../../messaging/outbox/send-queue';
import { ANSWERABLE, GREETINGS, LEAD_MESSAGES, PERSON_REPLIES, UNANSWERABLE } from './demo-content';

/** How much history the demo writes; tests take a small one. */
export interface HistorySize {
  days: number;
  /** Contacts who write (of those the address list loaded). */
  contacts: number;
  sessionsPerDay: readonly [number, number];
}

export interface HistoryDeps {
  db: Db;
  llm: ChatLlm | null;
  embeddings: EmbeddingClient | null;
  /** The pacing the demo's past sends are recorded with: no gaps, no cap (they happened already). */
  pacing: PacingPolicy;
  /** Who replies by hand in the conversations a person took over. */
  personUserId: number;
}

type SessionKind = 'answered' | 'lead' | 'handover';

interface PlannedSession {
  at: Date;
  contact: ContactRow;
  kind: SessionKind;
}

export interface HistoryCounts {
  incoming: number;
  replies: number;
  personReplies: number;
  leads: number;
}

const MINUTE = 60_000;
/** Sessions today that the agent answers (not handed over), whatever the hour: see planSessions. */
const TODAY_AT_LEAST = 2;

/** Sessions of the last `days` days (today up to a quarter of an hour ago), one per hour slot, oldest first. */
export function planSessions(
  contacts: readonly ContactRow[],
  size: HistorySize,
  now: Date,
  random: Prng,
): PlannedSession[] {
  const sessions: PlannedSession[] = [];
  for (let daysAgo = size.days - 1; daysAgo >= 0; daysAgo--) {
    const count = random.int(size.sessionsPerDay[0], size.sessionsPerDay[1]);
    const hours = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, hours.length)) chosen.add(random.pick(hours));
    for (const hour of [...chosen].sort((a, b) => a - b)) {
      const at = new Date(now);
      at.setDate(at.getDate() - daysAgo);
      at.setHours(hour, random.int(0, 40), random.int(0, 59), 0);
      const roll = random.next();
      const kind: SessionKind = roll < 0.55 ? 'answered' : roll < 0.78 ? 'lead' : 'handover';
      const session = { at, contact: random.pick(contacts), kind };
      if (at.getTime() < now.getTime() - 15 * MINUTE) sessions.push(session);
    }
  }
  // Today's early hours may have no slot yet, and on the first of a month today is all the month
  // holds: the usage report (its rate needs two answers to sit between 50 and 80 %) and Home's
  // figures of today still need some. Placed after midnight (server time), never before it.
  const startOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const today = sessions.filter((s) => s.at.getTime() >= startOfDay && s.kind !== 'handover').length;
  for (let i = today; i < TODAY_AT_LEAST; i++) {
    const at = new Date(Math.max(startOfDay, now.getTime() - (40 - 15 * i) * MINUTE));
    sessions.push({ at, contact: random.pick(contacts), kind: 'answered' });
  }
  sessions.sort((a, b) => a.at.getTime() - b.at.getTime());
  return sessions;
}

/**
 * Two weeks of conversations, written oldest first through the paths live traffic takes: each
 * contact message is stored by the gateway callback's message log (which keeps the metrics
 * roll-ups), answered by the agent from the demo's FAQ and QA (recorded and metered as the
 * auto-reply records it, at the time it happened), and its reply queued and marked sent by the
 * pacing governor. Leads are captured by the runtime's own extraction; a person's reply after a
 * hand-over goes through the same queue and clears the conversation's flag.
 */
export async function writeHistory(
  deps: HistoryDeps,
  accountId: number,
  size: HistorySize,
  now: Date,
  random: Prng,
): Promise<HistoryCounts> {
  const { db } = deps;
  const account = await runtimeAccountById(db, accountId);
  if (!account?.appId) throw new Error('demo: the account serves no app');
  const runtimeAccount: RuntimeAccount & { appId: number } = { ...account, appId: account.appId };
  const friends = (await contactsOfAccount(db, accountId))
    .filter((c) => c.type === 'friend' && c.relationship === 'default' && !c.goneAt)
    .sort((a, b) => a.id - b.id)
    .slice(0, size.contacts);
  if (!friends.length) throw new Error('demo: the address list has no friends to write');
  const { leadItems } = await readRoleConfig(db, runtimeAccount.appId);
  const counts: HistoryCounts = { incoming: 0, replies: 0, personReplies: 0, leads: 0 };
  let serial = 0;

  const deliver = async (at: Date) => {
    const claim = await claimNext(db, deps.pacing, accountId, at, () => 0);
    if (claim.kind !== 'send') return;
    await recordOutcome(
      db,
      deps.pacing,
      accountId,
      claim.message.id,
      { kind: 'sent', msgId: `demo-out-${claim.message.id}` },
      claim.at,
    );
  };

  const contactWrites = async (contact: RuntimeContact & { wcId: string }, content: string, at: Date) => {
    const stored = await storeIncomingMessage(db, runtimeAccount, {
      kind: 'message',
      msgId: `demo-in-${++serial}`,
      wcId: account.wcId,
      fromWcId: contact.wcId,
      type: 'text',
      content,
      at,
    });
    counts.incoming++;
    return stored.messageId;
  };

  const agentReplies = async (
    contact: RuntimeContact & { wcId: string },
    messageId: number,
    question: string,
    at: Date,
  ) => {
    const conversationId = await openContactConversation(db, runtimeAccount, contact);
    const config = await readAgentConfig(db, runtimeAccount.appId);
    const messages = await contactHistory(
      db,
      { accountId, peerWcId: contact.wcId, uptoMessageId: messageId },
      config.maxHistoryMessages,
    );
    const result = await answer(
      { db, llm: deps.llm, embeddings: deps.embeddings, clock: { now: () => at } },
      { customerId: account.customerId, appId: runtimeAccount.appId, messages, channel: 'contact' },
    );
    await db.transaction(async (tx) => {
      const answerId = await recordAnswer(tx, {
        conversationId,
        customerId: account.customerId,
        appId: runtimeAccount.appId,
        channel: 'contact',
        question,
        answer: result,
        triggerMessageId: messageId,
        at,
      });
      if (answerId === null) return;
      const [replyId] = await insertQueuedMessages(tx, [
        {
          customerId: account.customerId,
          accountId,
          contactId: contact.id,
          peerWcId: contact.wcId,
          source: 'agent',
          message: { type: 'text', content: textWithSources(result, question) },
        },
      ]);
      if (replyId !== undefined) {
        await setAnswerReplyMessage(tx, answerId, replyId);
      }
    });
    await deliver(at);
    counts.replies++;
    return result.needsPerson;
  };

  const personReplies = async (contact: RuntimeContact & { wcId: string }, content: string, at: Date) => {
    const conversationId = await openContactConversation(db, runtimeAccount, contact);
    await db.transaction(async (tx) => {
      await insertQueuedMessages(tx, [
        {
          customerId: account.customerId,
          accountId,
          contactId: contact.id,
          peerWcId: contact.wcId,
          source: 'person',
          message: { type: 'text', content },
        },
      ]);
      // No pause beyond the reply itself: the agent answers this contact's next session again.
      await markHandReply(tx, conversationId, deps.personUserId, 0);
    });
    await deliver(at);
    counts.personReplies++;
  };

  for (const session of planSessions(friends, size, now, random)) {
    const row = await contactRowOf(db, runtimeAccount, session.contact.wcId);
    const contact = { ...row, wcId: session.contact.wcId };
    let at = session.at.getTime();
    const step = (min: number, max: number) => {
      at += random.int(min, max) * 1000;
      return new Date(at);
    };
    const ask = async (question: string) => {
      const id = await contactWrites(contact, question, new Date(at));
      const needsPerson = await agentReplies(contact, id, question, step(6, 25));
      step(30, 150);
      return { id, needsPerson };
    };
    if (random.next() < 0.3) {
      // A greeting in the same breath as the question: one session, two incoming messages.
      await contactWrites(contact, random.pick(GREETINGS), new Date(at));
      step(3, 10);
    }
    if (session.kind === 'handover') {
      const { needsPerson } = await ask(random.pick(UNANSWERABLE));
      if (needsPerson && random.next() < 0.6) await personReplies(contact, random.pick(PERSON_REPLIES), step(120, 600));
      continue;
    }
    await ask(random.pick(ANSWERABLE));
    if (session.kind === 'answered') {
      if (random.next() < 0.5) await ask(random.pick(ANSWERABLE));
      continue;
    }
    const text = random.pick(LEAD_MESSAGES)(serial);
    const { id } = await ask(text);
    if (contact.type === 'friend' && contact.relationship === 'default' && leadItems.length) {
      const captured = await captureLeads(
        { db, llm: deps.llm },
        { customerId: account.customerId, appId: runtimeAccount.appId, contact, messageId: id, text, items: leadItems },
      );
      counts.leads += captured.found.length;
    }
  }
  return counts;
}
