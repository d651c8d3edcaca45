import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { insertChatAccount } from '@agent-console/server/test/fixtures/chat';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentAnswers, agentConversations, chatMessages } from '../../../db/schema';
import { openConversation } from '../conversation/conversation.repo';
import { conversationTurns, recordAnswer, respond } from './conversations';

/** Every answer is stored with its conversation, sources, latency and usage (WAVE2 §15.5). */
const { t, f } = useAdminApp();

async function setup() {
  const customerId = await f.customer();
  const app = await insertApp(t, { customerId });
  return { customerId, appId: app.id };
}

const deps = () => ({ db: t.database.db });
const ask = (content: string) => [{ role: 'user' as const, content }];

describe('respond', () => {
  it('stores the answer with its sources, step, latency and one answer unit', async () => {
    const { customerId, appId } = await setup();
    const qaId = await insertQa(t, { customerId, question: 'When are you open?', answer: 'From 9 to 18.' });
    const conversationId = await openConversation(
      t.database.db,
      { customerId, appId, channel: 'api' },
      'When are you open?',
    );
    const { answer, answerId } = await respond(deps(), {
      customerId,
      appId,
      conversationId,
      channel: 'api',
      question: 'When are you open?',
      messages: ask('When are you open?'),
    });
    const [row] = await t.database.db.select().from(agentAnswers).where(eq(agentAnswers.id, answerId));
    expect(row).toMatchObject({
      customerId,
      appId,
      conversationId,
      channel: 'api',
      question: 'When are you open?',
      answer: 'From 9 to 18.',
      step: 'qa',
      needsPerson: false,
      units: 1,
      promptTokens: null,
      completionTokens: null,
      latencyMs: answer.latencyMs,
    });
    expect(row?.sources).toEqual([expect.objectContaining({ kind: 'qa', qaId })]);
    const [conversation] = await t.database.db
      .select()
      .from(agentConversations)
      .where(eq(agentConversations.id, conversationId));
    expect(conversation?.title).toBe('When are you open?');
    expect(conversation?.lastMessageAt).not.toBeNull();
    expect(conversation?.needsPersonAt).toBeNull();
  });

  it('a fallback marks the conversation as needing a person, and the mark stays', async () => {
    const { customerId, appId } = await setup();
    await insertDocument(t, { customerId, name: 'Hours.pdf', fragments: ['We are open from 9 to 18 on weekdays.'] });
    const conversationId = await openConversation(t.database.db, { customerId, appId, channel: 'bubble' });
    const call = (question: string) =>
      respond(deps(), { customerId, appId, conversationId, channel: 'bubble', question, messages: ask(question) });
    expect((await call('Can I park my boat outside?')).answer.step).toBe('fallback');
    const flagged = async () =>
      (await t.database.db.select().from(agentConversations).where(eq(agentConversations.id, conversationId)))[0]
        ?.needsPersonAt;
    const first = await flagged();
    expect(first).toBeInstanceOf(Date);
    expect((await call('When are you open on weekdays?')).answer.step).toBe('knowledge');
    expect(await flagged()).toEqual(first);
    expect(await conversationTurns(t.database.db, conversationId)).toEqual([
      { role: 'user', content: 'Can I park my boat outside?' },
      { role: 'assistant', content: expect.any(String) },
      { role: 'user', content: 'When are you open on weekdays?' },
      { role: 'assistant', content: expect.stringContaining('9 to 18') },
    ]);
  });
});

describe('respond, when the conversation cannot be brought up to date', () => {
  it('stores no answer: the answer and its conversation land together or not at all', async () => {
    const { customerId, appId } = await setup();
    const db = t.database.db;
    const conversationId = await openConversation(db, { customerId, appId, channel: 'api' });
    // The conversation's update fails after the answer's insert (a real failure of the database).
    await db.execute(sql`CREATE FUNCTION refuse_conversation_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'conversation update refused'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_conversation_update BEFORE UPDATE ON agent_conversations
      FOR EACH ROW EXECUTE FUNCTION refuse_conversation_update()`);
    try {
      await expect(
        respond(deps(), { customerId, appId, conversationId, channel: 'api', question: 'x', messages: ask('x') }),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_conversation_update ON agent_conversations`);
      await db.execute(sql`DROP FUNCTION refuse_conversation_update()`);
    }
    expect(await db.select().from(agentAnswers).where(eq(agentAnswers.conversationId, conversationId))).toEqual([]);
  });
});

describe('openConversation', () => {
  it('one conversation per app and end user of the API; a new bubble thread each time', async () => {
    const { customerId, appId } = await setup();
    const db = t.database.db;
    const ref = { customerId, appId, channel: 'api' as const, externalKey: 'user-42' };
    const [a, b] = await Promise.all([openConversation(db, ref), openConversation(db, ref)]);
    expect(a).toBe(b);
    expect(await openConversation(db, { ...ref, externalKey: 'user-43' })).not.toBe(a);
    const bubble = { customerId, appId, channel: 'bubble' as const };
    expect(await openConversation(db, bubble)).not.toBe(await openConversation(db, bubble));
  });
});

describe('recordAnswer', () => {
  it('records one answer per trigger message: a second is refused with null', async () => {
    const { customerId, appId } = await setup();
    const db = t.database.db;
    const conversationId = await openConversation(db, { customerId, appId, channel: 'api' });
    const { answer } = await respond(deps(), {
      customerId,
      appId,
      conversationId,
      channel: 'api',
      question: 'x',
      messages: ask('x'),
    });
    // A message of the log to stand as the trigger.
    const account = await insertChatAccount(t, { customerId });
    const [message] = await db
      .insert(chatMessages)
      .values({
        customerId,
        accountId: account.id,
        peerWcId: 'peer',
        direction: 'in',
        status: 'received',
        source: 'gateway',
      })
      .returning({ id: chatMessages.id });
    const triggerMessageId = message?.id ?? 0;
    const input = {
      conversationId,
      customerId,
      appId,
      channel: 'contact' as const,
      question: 'x',
      answer,
      triggerMessageId,
      at: new Date(),
    };
    expect(await recordAnswer(db, input)).toEqual(expect.any(Number));
    expect(await recordAnswer(db, input)).toBeNull();
  });
});
