import { AGENT_CHAT_MESSAGE_MAX, type AgentChatConversation, type AgentChatCustomer } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { askBubble, openAiStream } from '@agent-console/server/test/fixtures/agent-chat';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { type HttpPeer, startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAnswers, agentConversations } from '../../../db/schema';
import { createOpenAiChat } from '../../../integrations/llm';

/**
 * The chat bubble's calls (issue 16, WAVE2 §11): answers stream as server-sent events through the
 * one pipeline, conversations are the caller's own and carry their history, the data scope bounds
 * every call, the input is checked in code points, and each user has an answer budget per minute.
 */
const { t, admin, f } = useAdminApp();

const HOURS = 'We are open from 9 to 18 on weekdays.';
const BASE = '/api/v3/ai-role/chat';

/** A customer with an app and one QA, and a member of it without any permission code. */
async function setup(app: TestApp = t, fx = f) {
  const customerId = await fx.customer();
  const desk = await insertApp(app, { customerId, name: 'Front desk' });
  const qaId = await insertQa(app, { customerId, question: 'What are your opening hours?', answer: HOURS });
  const member = await fx.member([], 3, customerId);
  return { customerId, appId: desk.id, qaId, member };
}

describe('POST /ai-role/chat', () => {
  it('streams the answer in pieces, then one done event with what it was drawn from, and stores it', async () => {
    const { customerId, appId, qaId, member } = await setup();
    const res = await askBubble(t, member.token, { customerId, appId, message: '  What are your opening hours?  ' });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    // The app's security headers and request id apply to a stream like to any answer.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(Number(res.headers['x-conversation-id'])).toBe(res.done?.conversationId);
    const names = res.events.map((e) => e.event);
    expect(names.filter((n) => n === 'delta').length).toBeGreaterThan(1);
    expect(names.at(-1)).toBe('done');
    expect(names.filter((n) => n !== 'delta')).toEqual(['done']);
    expect(res.text).toBe(HOURS);
    expect(res.done).toMatchObject({
      step: 'qa',
      needsPerson: false,
      sources: [{ kind: 'qa', qaId, question: 'What are your opening hours?' }],
      usage: { units: 1, promptTokens: null, completionTokens: null },
    });
    expect(res.done?.latencyMs).toEqual(expect.any(Number));

    const done = res.done as NonNullable<typeof res.done>;
    const [conversation] = await t.database.db
      .select()
      .from(agentConversations)
      .where(eq(agentConversations.id, done.conversationId));
    expect(conversation).toMatchObject({ channel: 'bubble', userId: member.id, customerId, appId });
    expect(conversation?.title).toBe('What are your opening hours?');
    const stored = await t.database.db.select().from(agentAnswers).where(eq(agentAnswers.id, done.answerId));
    expect(stored[0]).toMatchObject({ question: 'What are your opening hours?', answer: HOURS, channel: 'bubble' });
  });

  it('opens a new conversation without an id and continues the given one', async () => {
    const { customerId, appId, member } = await setup();
    const first = await askBubble(t, member.token, { customerId, appId, message: 'What are your opening hours?' });
    const again = await askBubble(t, member.token, {
      customerId,
      appId,
      message: 'Opening hours?',
      conversationId: first.done?.conversationId,
    });
    expect(again.done?.conversationId).toBe(first.done?.conversationId);
    const fresh = await askBubble(t, member.token, { customerId, appId, message: 'What are your opening hours?' });
    expect(fresh.done?.conversationId).not.toBe(first.done?.conversationId);
  });

  it('marks an answer with nothing relevant as needing a person', async () => {
    const { customerId, appId, member } = await setup();
    const res = await askBubble(t, member.token, { customerId, appId, message: 'Can I bring my pet giraffe?' });
    expect(res.done).toMatchObject({ step: 'fallback', needsPerson: true, sources: [] });
    expect(res.text.length).toBeGreaterThan(0);
    const [conversation] = await t.database.db
      .select({ needsPersonAt: agentConversations.needsPersonAt })
      .from(agentConversations)
      .where(eq(agentConversations.id, res.done?.conversationId ?? 0));
    expect(conversation?.needsPersonAt).toBeInstanceOf(Date);
  });

  it('counts the message in code points: 2,000 emoji pass, 2,001 characters are refused naming the message', async () => {
    const { customerId, appId, member } = await setup();
    const longest = '😀'.repeat(AGENT_CHAT_MESSAGE_MAX);
    const accepted = await askBubble(t, member.token, { customerId, appId, message: longest });
    expect(accepted.status).toBe(200);
    expect(accepted.done).not.toBeNull();

    const before = await t.database.db.$count(agentConversations);
    const tooLong = await askBubble(t, member.token, { customerId, appId, message: '字'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.envelope).toMatchObject({
      code: 'A0420',
      message: 'Message is too long',
      data: { fields: [{ field: 'message', reason: 'tooLong' }] },
    });
    const blank = await askBubble(t, member.token, { customerId, appId, message: ' \n\t ' }, 'zh-chs');
    expect(blank.status).toBe(400);
    expect(blank.envelope).toMatchObject({
      code: 'A0410',
      data: { fields: [{ field: 'message', reason: 'required' }] },
    });
    expect(blank.envelope?.message).toBe('消息为必填项');
    // Refused calls open no conversation.
    expect(await t.database.db.$count(agentConversations)).toBe(before);
  });

  it('refuses a customer outside the caller’s scope, another customer’s app, and a conversation not theirs', async () => {
    const own = await setup();
    const other = await setup();
    const ask = (body: Record<string, unknown>) =>
      askBubble(t, own.member.token, { customerId: own.customerId, appId: own.appId, message: 'Hours?', ...body });

    const foreignCustomer = await ask({ customerId: other.customerId, appId: other.appId });
    expect(foreignCustomer.status).toBe(404);
    expect(foreignCustomer.envelope).toMatchObject({
      code: 'A0404',
      message: 'Customer has an invalid value',
      data: { fields: [{ field: 'customerId', reason: 'invalidValue' }] },
    });
    const foreignApp = await ask({ appId: other.appId });
    expect(foreignApp.envelope).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'appId' }] } });
    const missingApp = await ask({ appId: 2_000_000_000 });
    expect(missingApp.envelope).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'appId' }] } });

    // Another user's conversation, even of the same customer and app, is not the caller's.
    const colleague = await f.member([], 3, own.customerId);
    const theirs = await askBubble(t, colleague.token, {
      customerId: own.customerId,
      appId: own.appId,
      message: 'What are your opening hours?',
    });
    const notMine = await ask({ conversationId: theirs.done?.conversationId });
    expect(notMine.status).toBe(404);
    expect(notMine.envelope).toMatchObject({
      code: 'A0404',
      message: 'Conversation has an invalid value',
      data: { fields: [{ field: 'conversationId' }] },
    });
    // An app's API conversation is no bubble conversation.
    const [api] = await t.database.db
      .insert(agentConversations)
      .values({ customerId: own.customerId, appId: own.appId, channel: 'api', externalKey: 'end-user-1' })
      .returning({ id: agentConversations.id });
    expect((await ask({ conversationId: api?.id })).envelope).toMatchObject({ code: 'A0404' });
    // The caller's own conversation goes with the app it was held with.
    const secondApp = await insertApp(t, { customerId: own.customerId, name: 'Back office' });
    const mine = await ask({});
    const otherApp = await ask({ appId: secondApp.id, conversationId: mine.done?.conversationId });
    expect(otherApp.envelope).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'conversationId' }] } });
    // Nothing of the refused calls was answered into the colleague's conversation.
    expect(
      await t.database.db.$count(agentAnswers, eq(agentAnswers.conversationId, theirs.done?.conversationId ?? 0)),
    ).toBe(1);
  });

  it('lets a caller with data scope "all" talk to any customer’s app', async () => {
    const { customerId, appId } = await setup();
    const res = await askBubble(t, admin(), { customerId, appId, message: 'What are your opening hours?' });
    expect(res.text).toBe(HOURS);
  });

  it('answers anonymous callers A0301 as JSON, without opening a stream', async () => {
    const { customerId, appId } = await setup();
    const res = await t.call('POST', BASE, { body: { customerId, appId, message: 'Hi' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('A0301');
  });
});

describe('GET /ai-role/chat/apps and /conversation', () => {
  it('lists the customers in scope with their apps, and nothing of others', async () => {
    const own = await setup();
    const other = await setup();
    const stopped = await insertApp(t, { customerId: own.customerId, name: 'Archive' });
    const res = await t.call<AgentChatCustomer[]>('GET', `${BASE}/apps`, { token: own.member.token });
    expect(res.body.code).toBe('00000');
    expect(res.body.data).toEqual([
      {
        customerId: own.customerId,
        customerName: expect.any(String),
        apps: [
          { id: stopped.id, name: 'Archive', status: 'stopped' },
          { id: own.appId, name: 'Front desk', status: 'stopped' },
        ],
      },
    ]);
    const all = await t.call<AgentChatCustomer[]>('GET', `${BASE}/apps`, { token: admin() });
    expect(all.body.data.map((c) => c.customerId)).toEqual(expect.arrayContaining([own.customerId, other.customerId]));
    // A user of a customer without apps gets an empty list (the bubble's empty state).
    const lonely = await f.member([]);
    expect((await t.call('GET', `${BASE}/apps`, { token: lonely.token })).body.data).toEqual([]);
  });

  it('gives back the latest conversation with its answers and sources, or one asked for; never another user’s', async () => {
    const { customerId, appId, qaId, member } = await setup();
    const none = await t.call<AgentChatConversation>('GET', `${BASE}/conversation`, { token: member.token });
    expect(none.body).toMatchObject({ code: '00000', data: null });

    const older = await askBubble(t, member.token, { customerId, appId, message: 'What are your opening hours?' });
    const first = await askBubble(t, member.token, { customerId, appId, message: 'What are your opening hours?' });
    const conversationId = first.done?.conversationId;
    await askBubble(t, member.token, { customerId, appId, message: 'Can I bring my pet giraffe?', conversationId });

    const latest = await t.call<AgentChatConversation>('GET', `${BASE}/conversation`, { token: member.token });
    expect(latest.body.data).toMatchObject({ id: conversationId, customerId, appId });
    expect(latest.body.data?.turns).toMatchObject([
      {
        answerId: first.done?.answerId,
        question: 'What are your opening hours?',
        answer: HOURS,
        step: 'qa',
        needsPerson: false,
        sources: [{ kind: 'qa', qaId }],
      },
      { question: 'Can I bring my pet giraffe?', step: 'fallback', needsPerson: true, sources: [] },
    ]);
    const given = await t.call<AgentChatConversation>(
      'GET',
      `${BASE}/conversation?conversationId=${older.done?.conversationId}`,
      { token: member.token },
    );
    expect(given.body.data?.id).toBe(older.done?.conversationId);
    expect(given.body.data?.turns).toHaveLength(1);

    const stranger = await f.member([], 3, customerId);
    const refused = await t.call('GET', `${BASE}/conversation?conversationId=${conversationId}`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'conversationId' }] } });
    expect((await t.call('GET', `${BASE}/conversation`, { token: stranger.token })).body.data).toBeNull();
  });
});

describe('with an LLM', () => {
  let llmApp: TestApp;
  let lf: ReturnType<typeof fixtures>;
  let peer: HttpPeer;
  /** What the peer answers next: the pieces, and where to break off. */
  let next: { pieces: string[]; breakAfter?: number } = { pieces: [] };

  beforeAll(async () => {
    peer = await startHttpPeer((_request, res) => openAiStream(res, next.pieces, next.breakAfter));
    llmApp = await createTestApp({ llm: createOpenAiChat({ baseUrl: peer.url, model: 'test-model' }) });
    const token = await llmApp.loginAdmin();
    lf = fixtures(llmApp, () => token);
  });
  afterAll(async () => {
    await llmApp.close();
    await peer.close();
  });

  async function withDocument() {
    const ctx = await setup(llmApp, lf);
    await insertDocument(llmApp, {
      customerId: ctx.customerId,
      name: 'Shipping guide',
      fragments: ['Delivery within Germany takes two working days. Express delivery costs 9 euros.'],
    });
    return ctx;
  }

  it('streams the LLM’s pieces and hands it the conversation so far with the new question', async () => {
    const { customerId, appId, member } = await withDocument();
    next = { pieces: ['Two ', 'working ', 'days.'] };
    const first = await askBubble(llmApp, member.token, {
      customerId,
      appId,
      message: 'How long does delivery within Germany take?',
    });
    expect(first.events.filter((e) => e.event === 'delta').map((e) => e.data)).toEqual([
      { text: 'Two ' },
      { text: 'working ' },
      { text: 'days.' },
    ]);
    expect(first.done).toMatchObject({
      step: 'llm',
      sources: [{ kind: 'document', name: 'Shipping guide' }],
      usage: { units: 1, promptTokens: 42, completionTokens: 7 },
    });

    next = { pieces: ['Nine ', 'euros.'] };
    const seen = peer.received.length;
    const second = await askBubble(llmApp, member.token, {
      customerId,
      appId,
      message: 'And how much does express delivery cost?',
      conversationId: first.done?.conversationId,
    });
    expect(second.text).toBe('Nine euros.');
    // A follow-up ("And …") is first rewritten into a standalone question (one short call), then answered.
    const [rewrite, sent] = peer.received
      .slice(seen)
      .map((r) => JSON.parse(r.body) as { messages: { role: string; content: string }[] });
    expect(rewrite?.messages.at(-1)?.content).toContain('Last user message: And how much does express delivery cost?');
    expect(sent?.messages.filter((m) => m.role !== 'system')).toEqual([
      { role: 'user', content: 'How long does delivery within Germany take?' },
      { role: 'assistant', content: 'Two working days.' },
      { role: 'user', content: 'And how much does express delivery cost?' },
    ]);
  });

  it('tells a failure after the stream opened as an error event, and stores no answer', async () => {
    const { customerId, appId, member } = await withDocument();
    next = { pieces: ['Delivery ', 'takes'], breakAfter: 1 };
    const before = await llmApp.database.db.$count(agentAnswers);
    const res = await askBubble(llmApp, member.token, {
      customerId,
      appId,
      message: 'How long does delivery within Germany take?',
    });
    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.event)).toEqual(['delta', 'error']);
    expect(res.events[1]?.data).toEqual({ code: 'B0001', message: 'Internal server error' });
    expect(await llmApp.database.db.$count(agentAnswers)).toBe(before);
  });
});

describe('answer budget per user', () => {
  it('refuses the answer after the limit with A0501, the limit and when to retry; other users keep theirs', async () => {
    const limited = await createTestApp({ chatRateLimit: 2 });
    try {
      const token = await limited.loginAdmin();
      const lf = fixtures(limited, () => token);
      const { customerId, appId, member } = await setup(limited, lf);
      const body = { customerId, appId, message: 'What are your opening hours?' };
      // Refused input spends nothing.
      await askBubble(limited, member.token, { ...body, message: '' });
      expect((await askBubble(limited, member.token, body)).status).toBe(200);
      expect((await askBubble(limited, member.token, body)).status).toBe(200);
      const third = await askBubble(limited, member.token, body);
      expect(third.status).toBe(429);
      expect(third.envelope).toMatchObject({
        code: 'A0501',
        message: 'Too many requests, please try again later',
        data: { limit: 2, retryAfterSeconds: expect.any(Number) },
      });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const colleague = await lf.member([], 3, customerId);
      expect((await askBubble(limited, colleague.token, body)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
