import type { LeadItem, StoredFile, WelcomeMessage } from '@agent-console/contracts';
import { jobDone, logRow, sentTo } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { simAccount, waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import { useStarted } from '@agent-console/server/test/fixtures/started';
import { and, asc, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { aiRoleConfigs, chatContacts, chatMessages, contactLeads } from '../../../db/schema';
import { createOpenAiChat } from '../../../integrations/llm';
import { jobIdOf } from '../../../jobs/agent-queues';
import { QUEUES } from '../../../jobs/queues';
import { ACCEPTED_STATUS, handleFriendRequest } from './friend-request';
import { captureLeads } from './lead-capture';

/**
 * Issue 16, acceptance 2, end to end with the gateway simulator over HTTP: a simulated customer
 * asks to be friends → accepted → the welcome messages arrive in order; asks a question a QA
 * answers → the agent's reply arrives; gives a phone number → the lead is stored on the contact;
 * a reply from the phone pauses the agent. Also: auto-accept off leaves the request alone, and
 * leads extracted by an LLM (a local OpenAI-compatible server, streamed).
 */
// Declared before the app, so that it closes after it.
const llmPeer = useStarted(() =>
  startHttpPeer((request, response) => {
    const body = JSON.parse(request.body) as { messages: { role: string; content: string }[] };
    const message = body.messages.at(-1)?.content ?? '';
    // The model finds the name and the number; the pieces come as a stream.
    const answer = JSON.stringify({
      Phone: /139 ?1234 ?5678/.test(message) ? '+86 139 1234 5678' : null,
      Name: message.includes('Wang Fang') ? 'Wang Fang' : null,
      Company: 'Invented Ltd',
    });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of answer.match(/.{1,12}/g) ?? []) {
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
    }
    response.end('data: [DONE]\n\n');
  }),
);
const { t, admin, f } = useChatTestApp({ contactCount: 6, pacing: { perCharMs: 0.1, maxTypingMs: 20 } });

const HOURS = 'We are open 9:00–18:00, Monday to Saturday.';
const QUESTION = 'What are your opening hours?';
const PHONE_ITEM: LeadItem = { item: 'Phone', description: 'the customer’s mobile number', example: '13800138000' };
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function setup(config: { autoAcceptFriend: boolean; welcomeMessages?: WelcomeMessage[]; customerId?: number }) {
  const customerId = config.customerId ?? (await f.customer());
  const account = await simAccount(t, { customerId });
  const app = await insertApp(t, { customerId });
  await f.ok('POST', '/api/v3/account/setApp', { accountId: account.id, appId: app.id });
  await insertQa(t, { customerId, question: QUESTION, answer: HOURS });
  await t.database.db.insert(aiRoleConfigs).values({
    appId: app.id,
    customerId,
    autoAcceptFriend: config.autoAcceptFriend,
    welcomeMessages: config.welcomeMessages ?? [],
    leadItems: [PHONE_ITEM],
  });
  return { customerId, account, app };
}

/** The friend request's log row, once its job has run. */
async function requested(accountId: number, wcId: string, ticket: string) {
  const row = await logRow(t, accountId, `friendRequest:${ticket}`);
  await jobDone(t, jobIdOf(QUEUES.friendRequest.name, row.id));
  expect(row.peerWcId).toBe(wcId);
  return row;
}

describe('a new customer, end to end', () => {
  it('is accepted and welcomed in order, answered from a QA, has the lead captured, and a phone reply pauses the agent', async () => {
    const customerId = await f.customer();
    const upload = await postMultipart<StoredFile>(
      t,
      '/api/v3/oss/file/upload',
      admin(),
      [{ name: 'file', filename: 'shop.png', data: PNG }],
      { 'x-file-purpose': 'image', 'x-customer-id': String(customerId) },
    );
    expect(upload.body.code).toBe('00000');
    const welcome: WelcomeMessage[] = [
      { id: 'w1', type: 'text', text: 'Hello! Thanks for adding us.' },
      { id: 'w2', type: 'image', objectId: upload.body.data.id, fileName: 'shop.png', size: PNG.length },
      { id: 'w3', type: 'text', text: 'Ask me anything about our shop.' },
    ];
    const { account } = await setup({ autoAcceptFriend: true, welcomeMessages: welcome, customerId });
    const sim = t.gateway.sim;

    // 1. The friend request: accepted, the requester a contact, the welcome in order.
    const request = await sim.friendRequest(account.wcId, { nickname: '李女士', greeting: '你好' });
    expect(request.delivered).toBe(true);
    const who = request.fromWcId;
    const welcomed = await waitUntil(
      () => sentTo(t, account, who),
      (s) => s.length === 3,
    );
    expect(welcomed).toEqual(['Hello! Thanks for adding us.', 'file:shop.png', 'Ask me anything about our shop.']);
    expect((await sim.sent(account.wcId)).find((s) => s.type === 'file')?.fileSize).toBe(PNG.length);
    expect((await sim.contactsOf(account.wcId)).some((c) => c.wcId === who)).toBe(true);
    const [contact] = await t.database.db
      .select()
      .from(chatContacts)
      .where(and(eq(chatContacts.accountId, account.id), eq(chatContacts.wcId, who)));
    expect(contact).toMatchObject({ nickname: '李女士', relationship: 'default', type: 'friend', goneAt: null });
    const logged = await requested(account.id, who, request.ticket);
    expect((await logRow(t, account.id, `friendRequest:${request.ticket}`)).status).toBe(ACCEPTED_STATUS);
    // Never twice: the job run again, as a retry or a redelivered request would.
    expect((await handleFriendRequest(runtimeDeps(), logged.id)).kind).toBe('acceptedAlready');
    const welcomeRows = await t.database.db
      .select({ source: chatMessages.source })
      .from(chatMessages)
      .where(and(eq(chatMessages.accountId, account.id), eq(chatMessages.source, 'welcome')));
    expect(welcomeRows).toHaveLength(3);

    // 2. A question a QA answers: the agent's reply arrives.
    await sim.customerWrites(account.wcId, who, QUESTION);
    const answered = await waitUntil(
      () => sentTo(t, account, who),
      (s) => s.length === 4,
    );
    expect(answered[3]).toBe(HOURS);

    // 3. A phone number: the lead is stored on the contact, from that message, by pattern.
    const gave = await sim.customerWrites(account.wcId, who, '我的手机号是 139 1234 5678，请联系我');
    const gaveRow = await logRow(t, account.id, gave.msgId);
    const [lead] = await waitUntil(
      () =>
        t.database.db
          .select()
          .from(contactLeads)
          .where(eq(contactLeads.contactId, contact?.id ?? 0)),
      (rows) => rows.length === 1,
    );
    expect(lead).toMatchObject({
      item: 'Phone',
      value: '13912345678',
      method: 'pattern',
      messageId: gaveRow.id,
      customerId,
    });
    await jobDone(t, jobIdOf(QUEUES.agentReply.name, gaveRow.id));

    // 4. A reply from the phone pauses the agent: the next question gets no reply from it.
    const repliesBefore = await agentReplies(account.id);
    await sim.phoneReplies(account.wcId, who, '好的，我马上给您打电话');
    // (Other words: the same question within 10 s would be taken for a redelivery.)
    const asked = await sim.customerWrites(account.wcId, who, 'And on Sunday? What are your opening hours?');
    await jobDone(t, jobIdOf(QUEUES.agentReply.name, (await logRow(t, account.id, asked.msgId)).id));
    expect(await agentReplies(account.id)).toEqual(repliesBefore);
  });

  it('leaves a friend request alone when the app does not auto-accept; greets no colleague', async () => {
    const { customerId, account, app } = await setup({
      autoAcceptFriend: false,
      welcomeMessages: [{ id: 'w', type: 'text', text: 'Hi' }],
    });
    const request = await t.gateway.sim.friendRequest(account.wcId, { nickname: 'Mr Zhou' });
    const row = await requested(account.id, request.fromWcId, request.ticket);
    expect(row.status).toBe('received');
    expect((await t.gateway.sim.contactsOf(account.wcId)).some((c) => c.wcId === request.fromWcId)).toBe(false);
    expect(await t.gateway.sim.sent(account.wcId)).toEqual([]);

    // Mr Zhou was a colleague before (removed, now asking again): accepted, but not greeted.
    await t.database.db
      .insert(chatContacts)
      .values({ customerId, accountId: account.id, wcId: request.fromWcId, relationship: 'colleague' });
    await t.database.db.update(aiRoleConfigs).set({ autoAcceptFriend: true }).where(eq(aiRoleConfigs.appId, app.id));
    const outcome = await handleFriendRequest(runtimeDeps(), row.id);
    expect(outcome).toMatchObject({ kind: 'accepted', welcomeMessageIds: [] });
    expect((await t.gateway.sim.contactsOf(account.wcId)).some((c) => c.wcId === request.fromWcId)).toBe(true);
    const [contact] = await t.database.db
      .select()
      .from(chatContacts)
      .where(and(eq(chatContacts.accountId, account.id), eq(chatContacts.wcId, request.fromWcId)));
    expect(contact).toMatchObject({ relationship: 'colleague', nickname: 'Mr Zhou' });
  });
});

describe('leads by the LLM', () => {
  it('asks a local OpenAI-compatible model, keeps only values from the message, and falls back on patterns', async () => {
    const { customerId, account, app } = await setup({ autoAcceptFriend: false });
    const [friend] = await t.database.db
      .insert(chatContacts)
      .values({ customerId, accountId: account.id, wcId: 'wxid_lead_llm', nickname: 'Wang Fang' })
      .returning();
    const contact = {
      id: friend?.id ?? 0,
      nickname: 'Wang Fang',
      type: 'friend' as const,
      relationship: 'default' as const,
    };
    const items: LeadItem[] = [
      PHONE_ITEM,
      { item: 'Name', description: 'their name', example: '' },
      { item: 'Company', description: 'employer', example: '' },
    ];
    const text = 'This is Wang Fang, call me on 139 1234 5678';
    const [first, second] = await t.database.db
      .insert(chatMessages)
      .values(
        ['llm-1', 'llm-2'].map((id) => ({
          customerId,
          accountId: account.id,
          contactId: contact.id,
          peerWcId: 'wxid_lead_llm',
          direction: 'in',
          content: text,
          gatewayMsgId: id,
          status: 'received',
          source: 'gateway',
        })),
      )
      .returning({ id: chatMessages.id });
    const llm = createOpenAiChat({ baseUrl: llmPeer.url, model: 'local-test' });
    const byLlm = await captureLeads(
      { db: t.database.db, llm },
      { customerId, appId: app.id, contact, messageId: first?.id ?? 0, text, items },
    );
    // The invented company is refused: the message never names one.
    expect(byLlm).toEqual({
      method: 'llm',
      found: [
        { item: 'Phone', value: '+86 139 1234 5678' },
        { item: 'Name', value: 'Wang Fang' },
      ],
    });
    const asked = llmPeer.received.at(-1);
    expect(JSON.parse(asked?.body ?? '{}')).toMatchObject({ model: 'local-test', stream: true, temperature: 0 });
    const stored = await t.database.db
      .select({ item: contactLeads.item, value: contactLeads.value, method: contactLeads.method })
      .from(contactLeads)
      .where(eq(contactLeads.contactId, contact.id))
      .orderBy(asc(contactLeads.item));
    expect(stored).toEqual([
      { item: 'Name', value: 'Wang Fang', method: 'llm' },
      { item: 'Phone', value: '+86 139 1234 5678', method: 'llm' },
    ]);
    // An unreachable model: the patterns answer.
    const down = createOpenAiChat({ baseUrl: 'http://127.0.0.1:9', model: 'none' });
    const byPattern = await captureLeads(
      { db: t.database.db, llm: down },
      { customerId, appId: app.id, contact, messageId: second?.id ?? 0, text, items },
    );
    expect(byPattern).toEqual({ method: 'pattern', found: [{ item: 'Phone', value: '13912345678' }] });
  });
});

function runtimeDeps() {
  return { db: t.database.db, boss: t.boss as PgBoss, llm: null, gateway: () => t.gateway.adapter };
}

async function agentReplies(accountId: number) {
  const rows = await t.database.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.accountId, accountId), eq(chatMessages.source, 'agent')));
  return rows.map((r) => r.id).sort();
}
