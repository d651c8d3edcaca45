import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount } from '@agent-console/server/test/fixtures/chat';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatContacts, chatMessages, contactSessions, metricsDaily } from '../../../db/schema';
import { storeIncomingBatch, storeIncomingMessage } from './incoming-batch';
import { type LogAccount, type MessageEvent, storeIncomingAlone } from './message-log';

/**
 * Issue 38: incoming messages written together in one transaction are stored, deduplicated and
 * counted exactly as the same messages written one at a time. Two customers get the same
 * accounts, contacts and deliveries; one is written alone, message by message, the other as one
 * batch; the log, the sessions and the daily counters must come out the same.
 */
const { t, f } = useAdminApp();

const MIN = 60_000;
const T0 = new Date(Math.floor((Date.now() - 3 * 60 * MIN) / 1000) * 1000);
const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);

type Role = 'a' | 'b';
interface Delivery {
  account: Role;
  from: string;
  id: string;
  content: string;
  minute: number;
  sender?: string;
}

/** Deliveries before the burst: a conversation with a session, and one to be delivered again. */
const BEFORE: Delivery[] = [
  { account: 'a', from: 'friend', id: 'e0', content: 'earlier', minute: -10 },
  { account: 'a', from: 'late', id: 'l0', content: 'first', minute: 100 },
];

/** The burst: repeats by id and by content, a new session after the gap, the cases left out, late ones. */
const BURST: Delivery[] = [
  { account: 'a', from: 'friend', id: 'e1', content: 'hello', minute: 0 },
  { account: 'a', from: 'friend', id: 'e2', content: 'price?', minute: 1 },
  { account: 'a', from: 'friend', id: 'e2-again', content: 'price?', minute: 1 },
  { account: 'a', from: 'friend', id: 'e1', content: 'hello', minute: 0 },
  { account: 'a', from: 'friend', id: 'e0', content: 'earlier', minute: -10 },
  { account: 'a', from: 'friend', id: 'e3', content: 'still there?', minute: 45 },
  { account: 'a', from: 'mate', id: 'e4', content: 'lunch?', minute: 2 },
  { account: 'a', from: 'room@chatroom', id: 'e5', content: 'all', minute: 2, sender: 'friend' },
  { account: 'a', from: 'stranger', id: 'e6', content: 'who is this', minute: 3 },
  { account: 'a', from: 'late', id: 'l1', content: 'long ago', minute: 20 },
  { account: 'b', from: 'friend', id: 'e7', content: 'second', minute: 5 },
  { account: 'b', from: 'friend', id: 'e8', content: 'first', minute: 2 },
  { account: 'b', from: 'friend', id: 'e9', content: 'third', minute: 6 },
];

async function customerWithAccounts() {
  const customerId = await f.customer();
  const accounts = {
    a: await insertChatAccount(t, { customerId }),
    b: await insertChatAccount(t, { customerId }),
  };
  for (const account of Object.values(accounts)) {
    await t.database.db.insert(chatContacts).values(
      (['friend', 'mate', 'late'] as const).map((wcId) => ({
        customerId,
        accountId: account.id,
        wcId,
        account: wcId,
        nickname: wcId,
        relationship: wcId === 'mate' ? 'colleague' : 'customer',
      })),
    );
  }
  return { customerId, accounts };
}

const event = (accountWcId: string, d: Delivery): MessageEvent => ({
  kind: 'message',
  msgId: d.id,
  wcId: accountWcId,
  fromWcId: d.from,
  ...(d.sender ? { senderWcId: d.sender } : {}),
  type: 'text',
  content: d.content,
  at: at(d.minute),
});

/** What the log, the sessions and the counters hold for a customer, without ids. */
async function state(customerId: number, accounts: Record<Role, { id: number }>) {
  const { db } = t.database;
  const role = (accountId: number) => (accountId === accounts.a.id ? 'a' : 'b');
  const messages = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.customerId, customerId))
    .orderBy(asc(chatMessages.gatewayMsgId));
  const sessions = await db
    .select()
    .from(contactSessions)
    .where(eq(contactSessions.customerId, customerId))
    .orderBy(asc(contactSessions.accountId), asc(contactSessions.peerWcId), asc(contactSessions.startedAt));
  const daily = await db.select().from(metricsDaily).where(eq(metricsDaily.customerId, customerId));
  return {
    messages: messages.map((m) => ({
      account: role(m.accountId),
      peer: m.peerWcId,
      id: m.gatewayMsgId,
      redeliveries: m.redeliveries,
      contact: m.contactId !== null,
      at: m.sentAt?.toISOString(),
    })),
    sessions: sessions.map(({ id: _, customerId: __, accountId, appId: ___, ...s }) => ({
      account: role(accountId),
      ...s,
    })),
    daily: daily.map(({ customerId: _, ...d }) => d).sort((x, y) => String(x.day).localeCompare(String(y.day))),
  };
}

describe('incoming messages written as one batch', () => {
  it('are stored, deduplicated and counted as the same messages written one at a time', async () => {
    const alone = await customerWithAccounts();
    const batched = await customerWithAccounts();
    const toAccount = (c: typeof alone, role: Role): LogAccount => ({
      id: c.accounts[role].id,
      customerId: c.customerId,
    });

    for (const c of [alone, batched]) {
      for (const d of BEFORE)
        await storeIncomingAlone(t.database.db, toAccount(c, d.account), event(c.accounts[d.account].wcId, d));
    }
    const one: string[] = [];
    for (const d of BURST) {
      const result = await storeIncomingAlone(
        t.database.db,
        toAccount(alone, d.account),
        event(alone.accounts[d.account].wcId, d),
      );
      one.push(result.outcome);
    }
    const together = await storeIncomingBatch(
      t.database.db,
      BURST.map((d) => ({ account: toAccount(batched, d.account), event: event(batched.accounts[d.account].wcId, d) })),
    );

    expect(together.map((r) => r.outcome)).toEqual(one);
    expect(one.filter((o) => o === 'duplicate')).toHaveLength(3);
    const expected = await state(alone.customerId, alone.accounts);
    expect(await state(batched.customerId, batched.accounts)).toEqual(expected);
    // The cases are really there: the colleague and the group stored but not counted, a new session after the gap.
    expect(expected.messages.map((m) => m.peer)).toEqual(expect.arrayContaining(['mate', 'room@chatroom', 'stranger']));
    expect(expected.sessions.filter((s) => s.account === 'a' && s.peerWcId === 'friend')).toHaveLength(2);
    expect(expected.sessions.some((s) => s.peerWcId === 'mate' || s.peerWcId === 'room@chatroom')).toBe(false);
  });

  it('answers each message of a burst through the group commit, duplicates included', async () => {
    const c = await customerWithAccounts();
    const account = { id: c.accounts.a.id, customerId: c.customerId };
    const burst = Array.from({ length: 40 }, (_, i) =>
      event(c.accounts.a.wcId, {
        account: 'a',
        from: `peer${i % 7}`,
        id: `g${i % 35}`,
        content: `m${i % 35}`,
        minute: i,
      }),
    );
    const results = await Promise.all(burst.map((e) => storeIncomingMessage(t.database.db, account, e)));
    expect(results.filter((r) => r.outcome === 'stored')).toHaveLength(35);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(5);
    // Each repeat answers the row of the message it repeats.
    for (let i = 35; i < 40; i++) expect(results[i]?.messageId).toBe(results[i - 35]?.messageId);
    // Summed over the days: the burst's forty minutes start three hours ago and may cross midnight.
    const days = await t.database.db.select().from(metricsDaily).where(eq(metricsDaily.customerId, c.customerId));
    expect(days.reduce((sum, day) => sum + day.messagesIn, 0)).toBe(35);
  });
});
