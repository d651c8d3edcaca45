import {
  METRICS_DASHBOARD_PERMISSIONS,
  METRICS_SESSION_PERMISSIONS,
  type MetricsDashboard,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { MIN, metricsTestKit } from '@agent-console/server/test/fixtures/metrics';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentAnswers,
  agentConversations,
  chatContacts,
  chatMessages,
  customers,
  followupSends,
  metricsDaily,
} from '../../../db/schema';
import { addDays, serverDay } from '../../../lib/server-day';
import { rollUpSent } from '../../messaging/rollup/rollup';

/**
 * Issue 34, metrics that tell the truth: "New contacts" counts contacts whose first contact fell in
 * the period; every card is the sum of its chart series (one definition); a caller whose scope
 * holds sub-customers sees them rolled up by default, each one picked, and nothing outside.
 */
const { t, admin, f } = useAdminApp();
let kit: ReturnType<typeof metricsTestKit>;
type Contact = typeof chatContacts.$inferSelect;

beforeAll(async () => {
  kit = metricsTestKit(t, admin);
});

const dashboard = (query: string, token?: string) => kit.dashboard(query, token);

describe('new contacts: those whose first contact fell in the period', () => {
  it('counts contacts first seen in the period, not older ones only messaged in it, on the day first seen', async () => {
    const id = await f.customer();
    const acc = await insertChatAccount(t, { customerId: id });
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * MIN);
    const recent = new Date(now.getTime() - 5 * MIN);
    const [old, fresh, quiet, twoDays, mate, room] = (await insertContacts(t, acc, 6)) as Contact[] as [
      Contact,
      Contact,
      Contact,
      Contact,
      Contact,
      Contact,
    ];
    const { db } = t.database;
    const seenAt = async (c: Contact, at: Date) =>
      db.update(chatContacts).set({ createdAt: at }).where(eq(chatContacts.id, c.id));
    // Known for 30 days (the address list), messaged both ways now: not new.
    await seenAt(old, daysAgo(30));
    // First seen two days ago, messaged now: new, on the day two days ago.
    await seenAt(twoDays, daysAgo(2));
    await db.update(chatContacts).set({ relationship: 'colleague' }).where(eq(chatContacts.id, mate.id));
    await db.update(chatContacts).set({ type: 'group' }).where(eq(chatContacts.id, room.id));
    const writes = (peer: string, when: Date) => kit.incoming(acc, peer, when);
    await writes(old.wcId, recent);
    await kit.phone(acc, old.wcId, recent);
    await writes(fresh.wcId, recent);
    await writes(twoDays.wcId, recent);
    await writes(mate.wcId, recent);
    // Unknown to the address list: first written 20 days ago and now (not new), or only now (new).
    await writes('wxid_nc_returning', daysAgo(20));
    await writes('wxid_nc_returning', recent);
    await writes('wxid_nc_stranger', recent);
    // `quiet` was first seen now (its row made) and never messaged: new.
    expect(quiet.createdAt.getTime()).toBeGreaterThan(daysAgo(1).getTime());
    // …at `recent`, as the others seen now, so all four fall on one day even just after midnight
    // (a run at 00:02 put its row on a later day than `recent`).
    await seenAt(quiet, recent);

    const week = (await dashboard(`customerId=${id}`)).body.data;
    // fresh, quiet, stranger now; twoDays two days ago.
    expect(week.kpis.newContacts).toBe(4);
    const expected = week.trend.map(
      (p) => [recent, recent, recent, daysAgo(2)].filter((at) => serverDay(at) === p.date).length,
    );
    expect(week.trend.map((p) => p.newContacts)).toEqual(expected);
    expect(expected.reduce((a, b) => a + b, 0)).toBe(4);

    // The period of today alone: the contact first seen two days ago is no longer new in it.
    const today = serverDay(recent);
    const day = (await dashboard(`customerId=${id}&dateFrom=${today}&dateTo=${today}`)).body.data;
    expect(day.kpis.newContacts).toBe(serverDay(daysAgo(2)) === today ? 4 : 3);
    expect(day.trend.map((p) => p.newContacts)).toEqual([day.kpis.newContacts]);
    // A period before anything: none.
    expect((await dashboard(`customerId=${id}&dateFrom=2020-01-01&dateTo=2020-01-07`)).body.data.kpis.newContacts).toBe(
      0,
    );
  });
});

describe('every card is the sum of its chart series', () => {
  it('adds the daily counters of the period, day by day, to exact figures', async () => {
    const id = await f.customer();
    const today = serverDay(new Date());
    const rows = [
      {
        day: addDays(today, -1),
        messagesIn: 7,
        messagesOut: 5,
        agentReplies: 4,
        agentAnswered: 3,
        fallbackReplies: 3,
        personReplies: 1,
        sessions: 4,
        activeSessions: 3,
        handoverSessions: 1,
        friendRequests: 2,
        friendsAccepted: 1,
      },
      {
        day: addDays(today, -4),
        messagesIn: 10,
        messagesOut: 6,
        agentReplies: 6,
        agentAnswered: 2,
        fallbackReplies: 4,
        personReplies: 2,
        sessions: 5,
        activeSessions: 5,
        handoverSessions: 2,
        friendRequests: 1,
        friendsAccepted: 1,
      },
      // Outside the default period (the last 7 days): counted nowhere.
      { day: addDays(today, -9), messagesIn: 100, activeSessions: 50, handoverSessions: 40 },
    ];
    await t.database.db.insert(metricsDaily).values(rows.map((r) => ({ customerId: id, ...r })));
    const d = (await dashboard(`customerId=${id}`)).body.data;
    expect(d.kpis).toMatchObject({
      messagesIn: 17,
      messagesOut: 11,
      agentReplies: 10,
      agentAnswered: 5,
      personReplies: 3,
      sessions: 9,
      activeSessions: 8,
      handoverSessions: 3,
      friendRequests: 3,
      friendsAccepted: 2,
      newContacts: 0,
      agentReplyRate: Math.round((5 / 17) * 10_000) / 10_000,
      handoverRate: Math.round((3 / 8) * 10_000) / 10_000,
    });
    const series = ['messagesIn', 'messagesOut', 'activeSessions', 'newContacts', 'agentAnswered', 'handoverSessions'];
    for (const key of series) {
      const k = key as Exclude<keyof MetricsDashboard['trend'][number], 'date'>;
      expect(
        d.trend.reduce((s, p) => s + p[k], 0),
        key,
      ).toBe(d.kpis[k]);
    }
    const point = (day: string) => d.trend.find((p) => p.date === day);
    expect(point(addDays(today, -1))).toMatchObject({ messagesIn: 7, activeSessions: 3, handoverSessions: 1 });
    expect(point(addDays(today, -4))).toMatchObject({ messagesIn: 10, activeSessions: 5, handoverSessions: 2 });
    expect(point(today)).toMatchObject({ messagesIn: 0, handoverSessions: 0 });
  });

  it('draws "Needed a person" as the sessions that needed one, as its card counts them', async () => {
    const id = await f.customer();
    const acc = await insertChatAccount(t, { customerId: id });
    const [peer] = (await insertContacts(t, acc, 1)) as [Contact];
    const { db } = t.database;
    const [conversation] = await db
      .insert(agentConversations)
      .values({ customerId: id, channel: 'auto', title: 'metrics test' })
      .returning({ id: agentConversations.id });
    if (!conversation) throw new Error('no conversation');
    /** The agent's fallback reply, sent and rolled up as the pacing governor does. */
    const fallback = async (minutes: number) => {
      const [reply] = await db
        .insert(chatMessages)
        .values({
          customerId: id,
          accountId: acc.id,
          peerWcId: peer.wcId,
          direction: 'out',
          content: 'A colleague will answer you.',
          status: 'sent',
          source: 'agent',
          sentAt: kit.at(minutes),
        })
        .returning({ id: chatMessages.id });
      if (!reply) throw new Error('no reply');
      await db.insert(agentAnswers).values({
        customerId: id,
        conversationId: conversation.id,
        channel: 'auto',
        replyMessageId: reply.id,
        question: `Question ${minutes}?`,
        answer: 'A colleague will answer you.',
        step: 'fallback',
        needsPerson: true,
        latencyMs: 1,
      });
      await db.transaction((tx) =>
        rollUpSent(
          tx,
          {
            id: reply.id,
            customerId: id,
            accountId: acc.id,
            peerWcId: peer.wcId,
            direction: 'out',
            source: 'agent',
            at: kit.at(minutes),
          },
          acc.appId,
        ),
      );
    };
    // One session: the contact asks twice and the agent falls back twice.
    await kit.incoming(acc, peer.wcId, 0);
    await fallback(1);
    await kit.incoming(acc, peer.wcId, 2);
    await fallback(3);
    const d = (await dashboard(`customerId=${id}`)).body.data;
    expect(d.kpis).toMatchObject({ activeSessions: 1, handoverSessions: 1, handoverRate: 1, agentReplies: 2 });
    expect(d.trend.reduce((s, p) => s + p.handoverSessions, 0)).toBe(1);
    expect(d.unanswered.reduce((s, q) => s + q.count, 0)).toBe(2);
  });
});

describe('"All my customers": a caller whose scope holds sub-customers', () => {
  /** A parent customer with a busy sub-customer: two contacts, three messages in, one out. */
  async function family() {
    const parent = await f.customer();
    const child = await f.customer(undefined, parent);
    const acc = await insertChatAccount(t, { customerId: child });
    const [p1, p2] = (await insertContacts(t, acc, 2)) as [Contact, Contact];
    await kit.incoming(acc, p1.wcId, 0);
    await kit.phone(acc, p1.wcId, 1);
    await kit.incoming(acc, p2.wcId, 0);
    await kit.incoming(acc, p2.wcId, 40);
    return { parent, child, acc, p1, p2 };
  }

  it('rolls every customer of the scope up by default, answers each customer picked, and refuses one outside', async () => {
    const { parent, child, p1, p2 } = await family();
    const codes = [METRICS_DASHBOARD_PERMISSIONS.view, METRICS_SESSION_PERMISSIONS.list];
    const boss = await f.member(codes, 4, parent);

    const all = (await dashboard('', boss.token)).body.data;
    expect(all.customerId).toBeNull();
    expect(all.kpis).toMatchObject({
      messagesIn: 3,
      messagesOut: 1,
      sessions: 3,
      activeSessions: 3,
      newContacts: 2,
      accountsOnline: 1,
    });
    const picked = (await dashboard(`customerId=${child}`, boss.token)).body.data;
    expect(picked.customerId).toBe(child);
    expect(picked.kpis).toEqual(all.kpis);
    const own = (await dashboard(`customerId=${parent}`, boss.token)).body.data;
    expect(own.kpis).toMatchObject({ messagesIn: 0, sessions: 0, newContacts: 0, accountsOnline: 0 });

    // Outside the scope: refused naming the field, no figures.
    const customerId = await f.customer();
    const outside = await dashboard(`customerId=${customerId}`, boss.token);
    expect(outside.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'customerId' }] } });
    expect(outside.body.data).not.toHaveProperty('kpis');

    // The session metrics: the sub-customer's contacts by default, a pick, a refusal.
    const rows = (await kit.list({}, boss.token)).body.data.list.map((r) => r.wcId).sort();
    expect(rows).toEqual([p1.wcId, p2.wcId].sort());
    expect((await kit.list({ customerId: parent }, boss.token)).body.data.total).toBe(0);
    expect((await kit.list({ customerId: child }, boss.token)).body.data.total).toBe(2);
    expect((await kit.list({ customerId }, boss.token)).body).toMatchObject({
      code: 'A0312',
      data: { fields: [{ field: 'customerId' }] },
    });

    // A caller whose scope is the sub-customer alone sees that customer.
    const clerk = await f.member(codes, 3, child);
    const single = (await dashboard('', clerk.token)).body.data;
    expect(single.customerId).toBe(child);
    expect(single.kpis).toEqual(all.kpis);
    expect((await dashboard(`customerId=${parent}`, clerk.token)).body.code).toBe('A0312');
  });

  it('shows the root administrator every customer’s activity, the sum of each customer picked', async () => {
    const { parent, child } = await family();
    const root = await f.rootId();
    const all = (await dashboard('')).body.data;
    expect(all.customerId).toBeNull();
    expect((await dashboard(`customerId=${root}`)).body.data.kpis.messagesIn).toBe(0);
    const ids = (await t.database.db.select({ id: customers.id }).from(customers)).map((r) => r.id);
    expect(ids).toContain(child);
    let messagesIn = 0;
    let handover = 0;
    let accounts = 0;
    for (const id of ids) {
      const k = (await dashboard(`customerId=${id}`)).body.data.kpis;
      messagesIn += k.messagesIn;
      handover += k.handoverSessions;
      accounts += k.accountsOnline + k.accountsOffline;
    }
    expect(all.kpis.messagesIn).toBe(messagesIn);
    expect(all.kpis.handoverSessions).toBe(handover);
    expect(all.kpis.accountsOnline + all.kpis.accountsOffline).toBe(accounts);
    expect((await dashboard(`customerId=${child}`)).body.data.kpis.messagesIn).toBe(3);
    expect((await dashboard(`customerId=${parent}`)).body.data.kpis.messagesIn).toBe(0);
  });
});

describe('follow-ups sent (issue 37)', () => {
  it('counts the follow-up messages delivered in the period: not one waiting, held back, failed, older or another customer’s', async () => {
    const id = await f.customer();
    const other = await f.customer();
    const acc = await insertChatAccount(t, { customerId: id });
    const otherAcc = await insertChatAccount(t, { customerId: other });
    const [contact] = (await insertContacts(t, acc, 1)) as Contact[];
    const [otherContact] = (await insertContacts(t, otherAcc, 1)) as Contact[];
    const { db } = t.database;
    const now = Date.now();
    let step = 0;
    const send = async (
      customerId: number,
      account: number,
      c: Contact | undefined,
      status: 'sent' | 'queued' | 'failed' | null,
      sentAt: Date | null,
    ) => {
      step++;
      const [message] = status
        ? await db
            .insert(chatMessages)
            .values({
              customerId,
              accountId: account,
              contactId: c?.id ?? null,
              peerWcId: c?.wcId ?? 'x',
              direction: 'out',
              content: `step ${step}`,
              status,
              source: 'followup',
              sentAt,
            })
            .returning({ id: chatMessages.id })
        : [undefined];
      await db.insert(followupSends).values({
        customerId,
        strategyName: 'Nurture',
        accountId: account,
        contactId: c?.id ?? 0,
        step,
        messageId: message?.id ?? null,
        status: status ? 'planned' : 'skipped',
        plannedAt: new Date(now - 60 * MIN),
      });
    };
    await send(id, acc.id, contact, 'sent', new Date(now - 30 * MIN));
    await send(id, acc.id, contact, 'sent', new Date(now - 10 * MIN));
    await send(id, acc.id, contact, 'queued', null);
    await send(id, acc.id, contact, 'failed', null);
    await send(id, acc.id, contact, null, null);
    await send(id, acc.id, contact, 'sent', new Date(now - 30 * 24 * 60 * MIN));
    await send(other, otherAcc.id, otherContact, 'sent', new Date(now - 5 * MIN));

    expect((await dashboard(`customerId=${id}`)).body.data.kpis.followupsSent).toBe(2);
    expect((await dashboard(`customerId=${other}`)).body.data.kpis.followupsSent).toBe(1);
  });
});
