import {
  CHAT_ADDRESS_PERMISSIONS,
  CHAT_MESSAGE_PERMISSIONS,
  type Contact,
  type ConversationMessages,
  type ConversationState,
  type ConversationView,
  fieldLabel,
  type NeedsPersonCount,
  type PageResult,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { type ChatAccountRow, insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { insertAgentReply, insertMessage, setConversation } from '@agent-console/server/test/fixtures/conversation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentConversations, aiRoleConfigs, chatAccounts, chatContacts, contactLeads } from '../../../db/schema';

/**
 * The conversation view (issue 16): the transcript with the agent's sources and who wrote by hand,
 * paging, the lead audit with missing items, take over / release / resolve, "needs a person" first
 * in the contacts list and counted for the home page, permissions and data scope. Replies by hand
 * (which reach the gateway) are in hand-reply.test.ts.
 */
const { t, admin, f } = useAdminApp();

const C = '/api/v3/address/conversation';
type ContactRow = typeof chatContacts.$inferSelect;

/** An online account of a fresh customer answered by an app, with `n` contacts. */
async function setup(n = 2) {
  const customerId = await f.customer();
  const app = await insertApp(t, { customerId, name: 'Front desk' });
  const inserted = await insertChatAccount(t, { customerId });
  const [account] = await t.database.db
    .update(chatAccounts)
    .set({ appId: app.id })
    .where(eq(chatAccounts.id, inserted.id))
    .returning();
  const contacts = await insertContacts(t, account as ChatAccountRow, n);
  return { customerId, app, account: account as ChatAccountRow, contacts };
}

const view = (contactId: number, token = admin(), query = '') =>
  f.ok<ConversationView>('GET', `${C}/${contactId}${query}`, undefined, token);

describe('the transcript', () => {
  it('shows the messages oldest first, the agent’s with step and sources, the phone’s and the batch’s by source', async () => {
    const { account, contacts } = await setup(2);
    const [contact, other] = contacts as [ContactRow, ContactRow];
    const t0 = Date.now() - 60_000;
    const early = await insertMessage(t, account, contact, {
      direction: 'in',
      content: 'hello before you knew me',
      linked: false,
      at: new Date(t0),
    });
    const question = await insertMessage(t, account, contact, {
      direction: 'in',
      content: 'What are your opening hours?',
    });
    const sources = [{ kind: 'qa' as const, qaId: 7, question: 'Opening hours?', score: 0.93 }];
    const { replyId } = await insertAgentReply(t, account, contact, {
      triggerId: question,
      question: 'What are your opening hours?',
      answer: 'We open 9:00–18:00.',
      step: 'qa',
      sources,
    });
    const phone = await insertMessage(t, account, contact, {
      direction: 'out',
      content: 'I will call you later',
      source: 'phone',
    });
    await insertMessage(t, account, other, { direction: 'in', content: 'not this conversation' });

    const v = await view(contact.id);
    expect(v.messages.map((m) => m.id)).toEqual([early, question, replyId, phone]);
    expect(v.hasEarlier).toBe(false);
    expect(v.messages[0]).toMatchObject({ direction: 'in', source: 'gateway', content: 'hello before you knew me' });
    expect(v.messages[2]).toMatchObject({
      direction: 'out',
      source: 'agent',
      agent: { step: 'qa', sources, needsPerson: false },
      person: null,
    });
    expect(v.messages[3]).toMatchObject({ source: 'phone', agent: null, person: null });
    expect(v.contact).toMatchObject({ id: contact.id, accountId: account.id, gone: false, accountOnline: true });
    expect(v.state).toMatchObject({ paused: false, needsPerson: false, quietBecause: null });
  });

  it('pages: the latest page, then earlier ones before a message id', async () => {
    const { account, contacts } = await setup(1);
    const contact = contacts[0] as ContactRow;
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await insertMessage(t, account, contact, { direction: i % 2 ? 'out' : 'in', content: `m${i}` }));
    }
    const latest = await view(contact.id, admin(), '?limit=3');
    expect(latest.messages.map((m) => m.id)).toEqual(ids.slice(4));
    expect(latest.hasEarlier).toBe(true);
    const earlier = await f.ok<ConversationMessages>('GET', `${C}/${contact.id}/messages?before=${ids[4]}&limit=3`);
    expect(earlier.messages.map((m) => m.id)).toEqual(ids.slice(1, 4));
    expect(earlier.hasEarlier).toBe(true);
    const first = await f.ok<ConversationMessages>('GET', `${C}/${contact.id}/messages?before=${ids[1]}&limit=3`);
    expect(first).toEqual({ messages: [expect.objectContaining({ id: ids[0], content: 'm0' })], hasEarlier: false });
  });

  it('an empty conversation, and bad paging input named by field', async () => {
    const { contacts } = await setup(1);
    const contact = contacts[0] as ContactRow;
    const v = await view(contact.id);
    expect(v).toMatchObject({ messages: [], hasEarlier: false, state: { conversationId: null, paused: false } });
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?before=abc', 'before'],
      ['?before=0', 'before'],
    ] as const) {
      const res = await t.call('GET', `${C}/${contact.id}/messages${query}`, { token: admin() });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(fieldLabel(field, 'en'));
    }
    expect((await t.call('GET', `${C}/abc`, { token: admin() })).body.code).toBe('A0400');
    expect((await t.call('GET', `${C}/999999999`, { token: admin() })).body.code).toBe('A0404');
  });
});

describe('the lead audit', () => {
  it('lists each lead item of the account’s app: captured (value, when, which message) or missing', async () => {
    const { account, app, contacts, customerId } = await setup(1);
    const contact = contacts[0] as ContactRow;
    await t.database.db.insert(aiRoleConfigs).values({
      appId: app.id,
      customerId,
      leadItems: [
        { item: 'Phone', description: 'mobile number', example: '13800138000' },
        { item: 'Email', description: 'work email', example: 'a@b.com' },
        { item: 'Budget', description: 'how much', example: '5000 yuan' },
      ],
    });
    const said = await insertMessage(t, account, contact, { direction: 'in', content: 'call me on 13912345678' });
    const capturedAt = new Date(Date.now() - 5_000);
    await t.database.db.insert(contactLeads).values([
      {
        customerId,
        contactId: contact.id,
        item: 'Phone',
        value: '13912345678',
        messageId: said,
        method: 'pattern',
        capturedAt,
      },
      { customerId, contactId: contact.id, item: 'City', value: 'Hangzhou', messageId: said, method: 'llm' },
    ]);
    const { leads } = await view(contact.id);
    expect(leads.appId).toBe(app.id);
    expect(leads.appName).toBe('Front desk');
    expect(leads.items).toEqual([
      {
        item: 'Phone',
        description: 'mobile number',
        example: '13800138000',
        captured: { value: '13912345678', messageId: said, capturedAt: capturedAt.toISOString(), method: 'pattern' },
      },
      { item: 'Email', description: 'work email', example: 'a@b.com', captured: null },
      { item: 'Budget', description: 'how much', example: '5000 yuan', captured: null },
    ]);
    // A value of an item the app no longer asks for is kept apart, not lost.
    expect(leads.other).toEqual([expect.objectContaining({ item: 'City', value: 'Hangzhou', method: 'llm' })]);
  });

  it('an account without an app has no lead items', async () => {
    const customerId = await f.customer();
    const account = await insertChatAccount(t, { customerId });
    const [contact] = await insertContacts(t, account, 1);
    const v = await view(contact?.id as number);
    expect(v.leads).toEqual({ appId: null, appName: null, items: [], other: [] });
    expect(v.state.quietBecause).toBe('noApp');
  });
});

describe('take over and release', () => {
  const takeover = (body: unknown, token = admin()) => f.ok<ConversationState>('POST', `${C}/takeover`, body, token);

  it('takes over for a time or until released, creating the conversation; release ends either', async () => {
    const { contacts } = await setup(1);
    const contact = contacts[0] as ContactRow;
    const before = Date.now();
    const timed = await takeover({ contactId: contact.id, minutes: 30 });
    expect(timed).toMatchObject({
      paused: true,
      untilReleased: false,
      pauseReason: 'takeover',
      pausedBy: { id: expect.any(Number), name: expect.any(String) },
      quietBecause: 'paused',
    });
    expect(timed.conversationId).toEqual(expect.any(Number));
    const until = Date.parse(timed.pausedUntil as string);
    expect(until).toBeGreaterThanOrEqual(before + 30 * 60_000 - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 5_000);
    const [row] = await t.database.db
      .select()
      .from(agentConversations)
      .where(eq(agentConversations.contactId, contact.id));
    expect(row).toMatchObject({ channel: 'contact', pauseReason: 'takeover', id: timed.conversationId });

    const forever = await takeover({ contactId: contact.id, minutes: null });
    expect(forever).toMatchObject({ paused: true, untilReleased: true, pausedUntil: null });
    expect((await view(contact.id)).state).toMatchObject({ paused: true, untilReleased: true });

    const released = await f.ok<ConversationState>('POST', `${C}/release`, { contactId: contact.id });
    expect(released).toMatchObject({ paused: false, pausedUntil: null, pausedBy: null, pauseReason: null });
    expect(released.conversationId).toBe(timed.conversationId);
    // Releasing what is not paused changes nothing and is no error.
    expect(await f.ok('POST', `${C}/release`, { contactId: contact.id })).toMatchObject({ paused: false });
  });

  it('a take-over replaces a phone pause; a pause that has run out is no pause', async () => {
    const { account, contacts } = await setup(2);
    const [phoned, lapsed] = contacts as [ContactRow, ContactRow];
    await setConversation(t, account, phoned, { pausedUntil: new Date(Date.now() + 600_000), pauseReason: 'phone' });
    expect((await view(phoned.id)).state).toMatchObject({ paused: true, pauseReason: 'phone', pausedBy: null });
    expect(await takeover({ contactId: phoned.id })).toMatchObject({ pauseReason: 'takeover', untilReleased: true });
    await setConversation(t, account, lapsed, { pausedUntil: new Date(Date.now() - 1_000), pauseReason: 'takeover' });
    expect((await view(lapsed.id)).state).toMatchObject({ paused: false, pauseReason: null, quietBecause: null });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const { contacts } = await setup(1);
    const contact = contacts[0] as ContactRow;
    const cases: [string, unknown, string][] = [
      ['takeover', { contactId: contact.id, minutes: 0 }, 'minutes'],
      ['takeover', { contactId: contact.id, minutes: 10_081 }, 'minutes'],
      ['takeover', { contactId: contact.id, minutes: 1.5 }, 'minutes'],
      ['takeover', { contactId: contact.id, minutes: '30' }, 'minutes'],
      ['takeover', {}, 'contactId'],
      ['release', { contactId: 'x' }, 'contactId'],
      ['resolve', { contactId: 0 }, 'contactId'],
    ];
    for (const [leaf, body, field] of cases) {
      const res = await t.call('POST', `${C}/${leaf}`, { token: admin(), body });
      expect(res.status, `${leaf} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message).toContain(fieldLabel(field, 'en'));
    }
    expect((await view(contact.id)).state).toMatchObject({ conversationId: null, paused: false });
  });
});

describe('needs a person', () => {
  const page = (accountId: number, body: Record<string, unknown> = {}, token = admin()) =>
    f.ok<PageResult<Contact>>('POST', '/api/v3/address/list/page', { accountId, pageSize: 100, ...body }, token);

  it('lists those waiting first (longest waiting first), filters them, counts them per account in scope', async () => {
    const { account, contacts, customerId } = await setup(5);
    const [a, b, c, d, gone] = contacts as ContactRow[] as [ContactRow, ContactRow, ContactRow, ContactRow, ContactRow];
    const question = await insertMessage(t, account, c as ContactRow, { direction: 'in', content: 'refund?' });
    // A fallback answer raises the flag, as the runtime's recordAnswer does.
    await insertAgentReply(t, account, c, {
      triggerId: question,
      question: 'refund?',
      answer: 'Sorry',
      step: 'fallback',
    });
    await setConversation(t, account, d, { needsPersonAt: new Date(Date.now() - 3_600_000) });
    await setConversation(t, account, a, { pausedUntil: new Date(Date.now() + 60_000), pauseReason: 'phone' });
    await setConversation(t, account, gone, { needsPersonAt: new Date() });
    await t.database.db.update(chatContacts).set({ goneAt: new Date() }).where(eq(chatContacts.id, gone.id));

    const all = await page(account.id);
    expect(all.list.map((x) => x.id)).toEqual([d.id, c.id, a.id, b.id]);
    expect(all.list.map((x) => [x.needsPerson, x.agentPaused])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [false, false],
    ]);
    // First whatever the order asked for.
    const byName = await page(account.id, { orderBy: { field: 'nickname', direction: 'desc' } });
    expect(byName.list.slice(0, 2).map((x) => x.id)).toEqual([d.id, c.id]);
    const waiting = await page(account.id, { needsPerson: true });
    expect(waiting).toMatchObject({ total: 2, list: [{ id: d.id }, { id: c.id }] });
    expect((await page(account.id, { needsPerson: true, includeGone: true })).total).toBe(3);

    // The count: in the caller's scope, live contacts only.
    const member = await f.member([CHAT_ADDRESS_PERMISSIONS.list], 3, customerId);
    const named = (contact: ContactRow, reason: string | null) => ({
      accountId: account.id,
      accountName: account.nickname,
      contactId: contact.id,
      contactName: contact.nickname,
      reason,
      at: expect.any(String),
    });
    // The latest by name, newest first, with why: the agent's fallback, and a flag kept from before reasons.
    expect(await f.ok<NeedsPersonCount>('GET', `${C}/needsPerson`, undefined, member.token)).toEqual({
      total: 2,
      accounts: [{ accountId: account.id, nickname: account.nickname, count: 2 }],
      latest: [named(c, 'noAnswer'), named(d, null)],
      visitors: [],
    });
    const stranger = await f.member([CHAT_ADDRESS_PERMISSIONS.list]);
    expect(await f.ok('GET', `${C}/needsPerson`, undefined, stranger.token)).toEqual({
      total: 0,
      accounts: [],
      latest: [],
      visitors: [],
    });
    const everyone = await f.ok<NeedsPersonCount>('GET', `${C}/needsPerson`);
    expect(everyone.accounts.find((x) => x.accountId === account.id)?.count).toBe(2);

    // Dealt with: the flag goes, from the list and the count.
    const resolved = await f.ok<ConversationState>('POST', `${C}/resolve`, { contactId: d.id });
    expect(resolved).toMatchObject({ needsPerson: false, needsPersonAt: null });
    expect((await page(account.id, { needsPerson: true })).list.map((x) => x.id)).toEqual([c.id]);
    expect((await f.ok<NeedsPersonCount>('GET', `${C}/needsPerson`, undefined, member.token)).total).toBe(1);
    expect((await view(c.id)).messages.at(-1)?.agent).toMatchObject({ step: 'fallback', needsPerson: true });
  });
});

describe('permissions and scope', () => {
  const calls = (contactId: number) =>
    [
      ['GET', `${C}/${contactId}`, undefined, CHAT_ADDRESS_PERMISSIONS.list],
      ['GET', `${C}/${contactId}/messages`, undefined, CHAT_ADDRESS_PERMISSIONS.list],
      ['POST', `${C}/takeover`, { contactId, minutes: 30 }, CHAT_ADDRESS_PERMISSIONS.takeover],
      ['POST', `${C}/release`, { contactId }, CHAT_ADDRESS_PERMISSIONS.takeover],
      ['POST', `${C}/resolve`, { contactId }, CHAT_ADDRESS_PERMISSIONS.takeover],
      ['POST', `${C}/reply`, { contactId, content: 'hi' }, CHAT_MESSAGE_PERMISSIONS.send],
    ] as const;

  it('each call needs its own permission; another customer’s contact is A0404 and stays untouched', async () => {
    const { contacts, customerId } = await setup(1);
    const contact = contacts[0] as ContactRow;
    const nobody = await f.member([]);
    for (const [method, url, body] of calls(contact.id)) {
      const res = await t.call(method, url, { token: nobody.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0312');
    }
    expect((await t.call('GET', `${C}/needsPerson`, { token: nobody.token })).body.code).toBe('A0312');
    // Reading is not taking over.
    const reader = await f.member([CHAT_ADDRESS_PERMISSIONS.list], 3, customerId);
    for (const [method, url, body, code] of calls(contact.id)) {
      const res = await t.call(method, url, { token: reader.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe(code === CHAT_ADDRESS_PERMISSIONS.list ? '00000' : 'A0312');
    }
    const all = [...Object.values(CHAT_ADDRESS_PERMISSIONS), CHAT_MESSAGE_PERMISSIONS.send];
    const other = await f.member(all);
    for (const [method, url, body] of calls(contact.id)) {
      const res = await t.call(method, url, { token: other.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0404');
    }
    expect((await view(contact.id)).state).toMatchObject({ conversationId: null, paused: false });
    const own = await f.member(all, 3, customerId);
    const taken = await f.ok<ConversationState>('POST', `${C}/takeover`, { contactId: contact.id }, own.token);
    expect(taken).toMatchObject({ paused: true, pausedBy: { id: own.id, name: own.username } });
  });

  it('data scope 5 reaches the contacts of accounts the user owns, no others', async () => {
    const cid = await f.customer();
    const self = await f.member([CHAT_ADDRESS_PERMISSIONS.list, CHAT_ADDRESS_PERMISSIONS.takeover], 5, cid);
    const owned = await insertChatAccount(t, { customerId: cid, ownerUserId: self.id });
    const colleagues = await insertChatAccount(t, { customerId: cid });
    const [mine] = await insertContacts(t, owned, 1);
    const [theirs] = await insertContacts(t, colleagues, 1);
    await setConversation(t, owned, mine as ContactRow, { needsPersonAt: new Date() });
    await setConversation(t, colleagues, theirs as ContactRow, { needsPersonAt: new Date() });
    expect((await view(mine?.id as number, self.token)).contact.id).toBe(mine?.id);
    expect((await t.call('GET', `${C}/${theirs?.id}`, { token: self.token })).body.code).toBe('A0404');
    const body = { contactId: theirs?.id };
    expect((await t.call('POST', `${C}/takeover`, { token: self.token, body })).body.code).toBe('A0404');
    expect(await f.ok('GET', `${C}/needsPerson`, undefined, self.token)).toMatchObject({
      total: 1,
      accounts: [{ accountId: owned.id, nickname: owned.nickname, count: 1 }],
      latest: [{ accountId: owned.id, contactId: mine?.id }],
    });
  });
});
