import {
  conversationOf,
  jobDone,
  logRow,
  postSelfMessage,
  readySimAccount,
  sentTo,
} from '@agent-console/server/test/fixtures/agent-runtime';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { agentAnswers, agentConversations, chatMessages } from '../../../db/schema';
import type { ChatLlm } from '../../../integrations/llm';
import { jobIdOf } from '../../../jobs/agent-queues';
import { QUEUES } from '../../../jobs/queues';
import { openConversation } from '../../agent/conversation/conversation.repo';
import { contactRowOf } from '../../messaging/contact/contact-row';
import { PHONE_PAUSE_MS } from '../../messaging/conversation/phone-pause';
import { storeIncomingMessage } from '../../messaging/inbox/incoming-batch';
import { PAUSED_REASON } from '../../messaging/outbox/pacing-governor';
import { insertQueuedMessages, wakeSenders } from '../../messaging/outbox/send-queue';
import { loadIncoming, replyToMessage } from './auto-reply';
import { contactHistory } from './contact-history';
import { handleIncomingMessage } from './incoming-message';
import type { RuntimeDeps } from './runtime-deps';

/**
 * Auto-replies on a simulated account, over the real adapter and the simulator's signed
 * callbacks: who is answered (default contacts) and who never is (colleagues, silent contacts,
 * groups, accounts without an app, paused contacts), one reply per incoming message however often
 * it is delivered or its job runs, the pause checked again before the reply is queued and before
 * it is sent, and a reply typed on the phone pausing the agent and joining what it reads.
 */
const { t, f } = useChatTestApp({ contactCount: 10, pacing: { perCharMs: 0.1, maxTypingMs: 20 } });

const HOURS = 'We are open 9:00–18:00, Monday to Saturday.';
const QUESTION = 'What are your opening hours?';
const boss = () => t.boss as PgBoss;
const deps = (llm: ChatLlm | null = null): RuntimeDeps => ({
  db: t.database.db,
  boss: boss(),
  llm,
  gateway: () => t.gateway.adapter,
});

/** A customer with an app (holding one QA) serving a simulated account, unless `app: false`. */
async function setup(opts: { app?: boolean } = {}) {
  const customerId = await f.customer();
  const { account, friends } = await readySimAccount(t, f, customerId);
  const app = await insertApp(t, { customerId });
  if (opts.app !== false) await f.ok('POST', '/api/v3/account/setApp', { accountId: account.id, appId: app.id });
  await insertQa(t, { customerId, question: QUESTION, answer: HOURS });
  const friend = (i: number) => {
    const contact = friends[i];
    if (!contact) throw new Error(`the account has no friend #${i}`);
    return contact;
  };
  /** The contact writes; answers the log row, once its agent job has finished. */
  const writes = async (contact: { wcId: string }, text: string, opts?: { msgId?: string; at?: Date }) => {
    const written = await t.gateway.sim.customerWrites(account.wcId, contact.wcId, text, opts);
    expect(written.delivered).toBe(true);
    const row = await logRow(t, account.id, written.msgId);
    await jobDone(t, jobIdOf(QUEUES.agentReply.name, row.id));
    return row;
  };
  /** The agent's conversation with the contact, opened (or found) as the contact's first message opens it. */
  const conversationWith = (contact: { id: number }) =>
    openConversation(t.database.db, {
      customerId,
      appId: app.id,
      channel: 'contact',
      accountId: account.id,
      contactId: contact.id,
    });
  return { customerId, account, app, friend, writes, conversationWith };
}

/** Writes to the agent's conversation row directly: a pause or "needs a person", as the console sets them. */
const updateConversation = (id: number, values: Partial<typeof agentConversations.$inferInsert>) =>
  t.database.db.update(agentConversations).set(values).where(eq(agentConversations.id, id));

const answersTo = (messageId: number) =>
  t.database.db.select().from(agentAnswers).where(eq(agentAnswers.triggerMessageId, messageId));

const agentRowsTo = (accountId: number, contactId: number) =>
  t.database.db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        eq(chatMessages.contactId, contactId),
        eq(chatMessages.source, 'agent'),
      ),
    );

/** The agent's replies to a contact once every one is recorded as sent (with the gateway's id). */
const sentReplies = (accountId: number, contactId: number, count = 1) =>
  waitUntil(
    () => agentRowsTo(accountId, contactId),
    (rows) => rows.length === count && rows.every((r) => r.status === 'sent'),
  );

describe('who the agent answers', () => {
  it('answers a default contact from the QA, recording the answer against the message', async () => {
    const { account, friend, writes } = await setup();
    const contact = friend(0);
    const message = await writes(contact, QUESTION);
    const replies = await waitUntil(
      () => sentTo(t, account, contact.wcId),
      (s) => s.length === 1,
    );
    expect(replies).toEqual([HOURS]);
    const [answer] = await answersTo(message.id);
    expect(answer).toMatchObject({ channel: 'contact', step: 'qa', question: QUESTION, answer: HOURS, units: 1 });
    const [reply] = await sentReplies(account.id, contact.id);
    expect(reply).toMatchObject({ id: answer?.replyMessageId, direction: 'out', status: 'sent', content: HOURS });
    const conversation = await conversationOf(t, contact.id);
    expect(conversation).toMatchObject({ id: answer?.conversationId, channel: 'contact', accountId: account.id });
    expect(conversation?.pausedUntil).toBeNull();
  });

  it('never answers colleagues, silent contacts or groups', async () => {
    const { account, friend, writes } = await setup();
    const colleague = friend(0);
    const silent = friend(1);
    await f.ok('POST', '/api/v3/address/setRelationship', { ids: [colleague.id], relationship: 'colleague' });
    await f.ok('POST', '/api/v3/address/setRelationship', { ids: [silent.id], relationship: 'silent' });
    const group = await t.gateway.sim.addContact(account.wcId, { type: 'group' });
    const asked = [await writes(colleague, QUESTION), await writes(silent, QUESTION), await writes(group, QUESTION)];
    for (const message of asked) {
      expect(await answersTo(message.id)).toEqual([]);
      const outcome = await handleIncomingMessage(deps(), message.id);
      expect(['colleague', 'silent', 'group']).toContain(outcome.reply.kind);
    }
    expect(await agentRowsTo(account.id, colleague.id)).toEqual([]);
    expect(await agentRowsTo(account.id, silent.id)).toEqual([]);
    expect((await t.gateway.sim.sent(account.wcId)).length).toBe(0);
  });

  it('does not answer for an account that serves no app', async () => {
    const { account, friend, writes } = await setup({ app: false });
    const message = await writes(friend(0), QUESTION);
    expect(await answersTo(message.id)).toEqual([]);
    expect((await handleIncomingMessage(deps(), message.id)).reply.kind).toBe('noApp');
    expect(await t.gateway.sim.sent(account.wcId)).toEqual([]);
  });

  it('stays quiet while the contact is paused, and answers again once the pause is over', async () => {
    const { account, friend, writes, conversationWith } = await setup();
    const contact = friend(0);
    const conversationId = await conversationWith(contact);
    const pause = (until: Date) => updateConversation(conversationId, { pausedUntil: until, pauseReason: 'takeover' });
    await pause(new Date(Date.now() + 3_600_000));
    const quiet = await writes(contact, QUESTION);
    expect(await answersTo(quiet.id)).toEqual([]);
    expect(await agentRowsTo(account.id, contact.id)).toEqual([]);

    await pause(new Date(Date.now() - 1000));
    await writes(contact, 'Are you open on Saturday? What are your opening hours?');
    await waitUntil(
      () => sentTo(t, account, contact.wcId),
      (s) => s.length === 1,
    );
  });
});

describe('one reply per incoming message', () => {
  it('sends one reply however often the gateway delivers the message or its job runs', async () => {
    const { account, friend, writes } = await setup();
    const contact = friend(0);
    const at = new Date();
    const first = await writes(contact, QUESTION, { msgId: '7000000000000000001', at });
    await waitUntil(
      () => sentTo(t, account, contact.wcId),
      (s) => s.length === 1,
    );
    // The same id again, then the same words under a new id within seconds: both are the stored message.
    await t.gateway.sim.customerWrites(account.wcId, contact.wcId, QUESTION, { msgId: '7000000000000000001', at });
    await t.gateway.sim.customerWrites(account.wcId, contact.wcId, QUESTION, {
      msgId: '7000000000000000002',
      at: new Date(at.getTime() + 3000),
    });
    expect((await logRow(t, account.id, '7000000000000000001')).redeliveries).toBe(2);
    // The job once more, as a retry would run it.
    expect((await handleIncomingMessage(deps(), first.id)).reply.kind).toBe('answeredAlready');
    expect(await answersTo(first.id)).toHaveLength(1);
    expect(await agentRowsTo(account.id, contact.id)).toHaveLength(1);
  });

  it('answers once when two runs of the same job race', async () => {
    const { account, friend } = await setup();
    const contact = friend(1);
    // Stored without a job of its own, then answered by two runs at once.
    const stored = await storeIncomingMessage(t.database.db, account, {
      kind: 'message',
      msgId: 'race-1',
      wcId: account.wcId,
      fromWcId: contact.wcId,
      type: 'text',
      content: QUESTION,
      at: new Date(),
    });
    const outcomes = await Promise.all([
      handleIncomingMessage(deps(), stored.messageId),
      handleIncomingMessage(deps(), stored.messageId),
    ]);
    expect(outcomes.map((o) => o.reply.kind).sort()).toEqual(['answeredAlready', 'replied']);
    await waitUntil(
      () => sentTo(t, account, contact.wcId),
      (s) => s.length === 1,
    );
    expect(await agentRowsTo(account.id, contact.id)).toHaveLength(1);
  });
});

describe('the pause, checked again', () => {
  it('is checked again after the answer is written, before the reply is queued', async () => {
    const { customerId, account, friend, conversationWith } = await setup();
    const contact = friend(2);
    await insertDocument(t, {
      customerId,
      name: 'Delivery.pdf',
      fragments: ['Delivery within Germany takes two working days. Express delivery costs 9 euros.'],
    });
    const conversationId = await conversationWith(contact);
    // A person takes over while the LLM is writing the answer.
    const llm: ChatLlm = {
      model: 'slow',
      async chat() {
        await updateConversation(conversationId, {
          pausedUntil: new Date(Date.now() + 600_000),
          pauseReason: 'takeover',
        });
        return { content: 'Delivery takes two working days.', promptTokens: 10, completionTokens: 5 };
      },
    };
    const stored = await storeIncomingMessage(t.database.db, account, {
      kind: 'message',
      msgId: 'pause-race-1',
      wcId: account.wcId,
      fromWcId: contact.wcId,
      type: 'text',
      content: 'How long does delivery within Germany take?',
      at: new Date(),
    });
    const loaded = await loadIncoming(deps(), stored.messageId);
    if (!loaded) throw new Error('message not loaded');
    const row = await contactRowOf(t.database.db, loaded.account, contact.wcId);
    const outcome = await replyToMessage(deps(llm), loaded.message, loaded.account, row);
    expect(outcome.kind).toBe('paused');
    expect(await answersTo(stored.messageId)).toEqual([]);
    expect(await agentRowsTo(account.id, contact.id)).toEqual([]);
  });

  it('is checked again when a queued reply’s turn comes: a paused contact’s reply is not sent', async () => {
    const { customerId, account, friend, conversationWith } = await setup();
    const contact = friend(3);
    const conversationId = await conversationWith(contact);
    await updateConversation(conversationId, { pausedUntil: new Date(Date.now() + 600_000), pauseReason: 'takeover' });
    const [id] = await insertQueuedMessages(t.database.db, [
      {
        customerId,
        accountId: account.id,
        contactId: contact.id,
        peerWcId: contact.wcId,
        source: 'agent',
        message: { type: 'text', content: 'queued before the take-over' },
      },
    ]);
    await wakeSenders(boss(), [{ accountId: account.id, messageId: id as number }]);
    const [row] = await waitUntil(
      () =>
        t.database.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.id, id as number)),
      (rows) => rows[0]?.status !== 'queued' && rows[0]?.status !== 'sending',
    );
    expect(row).toMatchObject({ status: 'failed', reason: PAUSED_REASON });
    expect(await sentTo(t, account, contact.wcId)).toEqual([]);
  });
});

describe('a reply from the account’s own phone', () => {
  it('is stored as a person’s message, pauses the agent for that contact, clears “needs a person”, and is part of what it reads', async () => {
    const { account, friend, writes, conversationWith } = await setup();
    const contact = friend(0);
    // The agent had found nothing to say to this contact: a person is needed, and one writes.
    const waiting = await conversationWith(contact);
    await updateConversation(waiting, { needsPersonAt: new Date() });
    const before = Date.now();
    const phone = await t.gateway.sim.phoneReplies(account.wcId, contact.wcId, 'I will call you in a minute');
    expect(phone.delivered).toBe(true);
    const row = await logRow(t, account.id, phone.msgId);
    expect(row).toMatchObject({ direction: 'out', status: 'sent', source: 'phone', contactId: contact.id });
    const conversation = await conversationOf(t, contact.id);
    expect(conversation?.pauseReason).toBe('phone');
    expect(conversation?.needsPersonAt).toBeNull();
    const until = conversation?.pausedUntil?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + PHONE_PAUSE_MS - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + PHONE_PAUSE_MS + 1000);

    const asked = await writes(contact, QUESTION);
    expect(await answersTo(asked.id)).toEqual([]);
    expect((await handleIncomingMessage(deps(), asked.id)).reply.kind).toBe('paused');
    expect(
      await contactHistory(
        t.database.db,
        { accountId: account.id, peerWcId: contact.wcId, uptoMessageId: asked.id },
        10,
      ),
    ).toEqual([
      { role: 'assistant', content: 'I will call you in a minute' },
      { role: 'user', content: QUESTION },
    ]);
    // A redelivery of the phone's message stores nothing more.
    expect(await postSelfMessage(t, account, contact.wcId, 'I will call you in a minute', phone.msgId)).toBe(
      'duplicate',
    );
  });

  it('is told from the console’s own sends echoed back, which neither are stored again nor pause', async () => {
    const { customerId, account, friend, writes } = await setup();
    const contact = friend(1);
    await writes(contact, QUESTION);
    await waitUntil(
      () => sentTo(t, account, contact.wcId),
      (s) => s.length === 1,
    );
    const [reply] = await sentReplies(account.id, contact.id);
    expect(await postSelfMessage(t, account, contact.wcId, HOURS, reply?.gatewayMsgId ?? '')).toBe('ignored');
    // An echo that overtakes the send's receipt: matched by the send still waiting for it (a
    // sender holds it as `sending` while the gateway answers).
    const [pending] = await insertQueuedMessages(t.database.db, [
      {
        customerId,
        accountId: account.id,
        contactId: contact.id,
        peerWcId: contact.wcId,
        source: 'batch',
        message: { type: 'text', content: 'Spring sale starts Monday' },
      },
    ]);
    await t.database.db
      .update(chatMessages)
      .set({ status: 'sending' })
      .where(eq(chatMessages.id, pending as number));
    expect(await postSelfMessage(t, account, contact.wcId, 'Spring sale starts Monday', '7100000000000000001')).toBe(
      'ignored',
    );
    const phoneRows = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.accountId, account.id), eq(chatMessages.source, 'phone')));
    expect(phoneRows).toEqual([]);
    expect((await conversationOf(t, contact.id))?.pausedUntil).toBeNull();
  });
});
