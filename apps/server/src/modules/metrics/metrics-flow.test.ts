import type {
  MetricsDashboard,
  PageResult,
  RoleUsage,
  SessionMetricsRow,
  UsageDashboard,
  UsageTrendPoint,
} from '@agent-console/contracts';
import { jobDone, logRow, readySimAccount } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { type ChatTestApp, chatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiRoleConfigs, chatMessages } from '../../db/schema';
import { AGENT_REPLY_QUEUE, jobIdOf } from '../agent-runtime/runtime-queues';

/**
 * Issue 17, acceptance 2 (metrics): scripted conversations through the gateway simulator over
 * HTTP — answered from a QA, the fallback ("needs a person"), a colleague, a phone reply, a
 * friend request, and a session split by a 31-minute gap — then the session metrics and the
 * dashboard KPIs compared with counts worked out here from the script and the message log.
 */
let t: ChatTestApp['t'];
let f: ChatTestApp['f'];

beforeAll(async () => {
  ({ t, f } = await chatTestApp({ contactCount: 6 }));
});
afterAll(async () => {
  await t.close();
});

const QUESTION = 'What are your opening hours?';
const UNKNOWN = 'Can you deliver to Mars?';
const MIN = 60_000;

describe('metrics from scripted conversations', () => {
  it('match counts computed from the script', async () => {
    const sim = t.gateway.sim;
    const customerId = await f.customer();
    const served = await readySimAccount(t, f, customerId);
    const plain = await readySimAccount(t, f, customerId);
    const app = await insertApp(t, { customerId });
    await f.ok('POST', '/api/v3/account/setApp', { accountId: served.account.id, appId: app.id });
    await insertQa(t, { customerId, question: QUESTION, answer: 'Nine to six.' });
    await t.database.db.insert(aiRoleConfigs).values({ appId: app.id, customerId, autoAcceptFriend: true });
    const [f1, f2, mate] = served.friends;
    const [f4] = plain.friends;
    if (!f1 || !f2 || !mate || !f4) throw new Error('the simulator gave too few friends');
    await f.ok('POST', '/api/v3/address/setRelationship', { ids: [mate.id], relationship: 'colleague' });

    /** Waits for the agent's job on one incoming message to finish. */
    const answered = async (accountId: number, msgId: string) =>
      jobDone(t, jobIdOf(AGENT_REPLY_QUEUE, (await logRow(t, accountId, msgId)).id));

    // The served account: f1 asks a known and an unknown question; f2 a known one; a colleague writes.
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, f1.wcId, QUESTION)).msgId);
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, f1.wcId, UNKNOWN)).msgId);
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, f2.wcId, QUESTION)).msgId);
    await answered(served.account.id, (await sim.customerWrites(served.account.wcId, mate.wcId, QUESTION)).msgId);
    // A friend request, accepted (auto-accept on, no welcome).
    const request = await sim.friendRequest(served.account.wcId, { nickname: 'New friend' });
    await waitUntil(
      () => logRow(t, served.account.id, `friendRequest:${request.ticket}`),
      (row) => row.status === 'accepted',
    );
    // The account without an app: f4 writes two hours ago, the phone answers 2 minutes later, f4
    // writes again 31 minutes after that answer: two sessions.
    const t0 = new Date(Math.floor((Date.now() - 120 * MIN) / 1000) * 1000);
    const plus = (m: number) => new Date(t0.getTime() + m * MIN);
    await sim.customerWrites(plain.account.wcId, f4.wcId, 'Hello?', { at: t0 });
    await sim.phoneReplies(plain.account.wcId, f4.wcId, 'Hi, how can I help?', { at: plus(2) });
    await sim.customerWrites(plain.account.wcId, f4.wcId, 'Still there?', { at: plus(33) });

    // Every agent reply recorded sent (the roll-up counts a reply when it is marked sent).
    const accountIds = [served.account.id, plain.account.id];
    const log = await waitUntil(
      () =>
        t.database.db
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.accountId, accountIds))
          .orderBy(asc(chatMessages.id)),
      (rows) => rows.filter((r) => r.source === 'agent' && r.status === 'sent').length === 3,
    );

    // Expected, from the script: the colleague's message and the friend request left out.
    const inFrom = (wcId: string) =>
      log.filter((r) => r.direction === 'in' && r.type === 'text' && r.peerWcId === wcId);
    const firstReply = (wcId: string, after: Date) =>
      log.find(
        (r) =>
          r.direction === 'out' &&
          r.peerWcId === wcId &&
          r.status === 'sent' &&
          ['agent', 'phone'].includes(r.source) &&
          (r.sentAt?.getTime() ?? 0) >= after.getTime(),
      );
    const frt = (wcId: string) => {
      const first = inFrom(wcId)[0];
      const reply = first?.sentAt ? firstReply(wcId, first.sentAt) : undefined;
      return (reply?.sentAt?.getTime() ?? 0) - (first?.sentAt?.getTime() ?? 0);
    };
    const responses = [frt(f1.wcId), frt(f2.wcId), 2 * MIN].sort((a, b) => a - b);
    expect(inFrom(mate.wcId)).toHaveLength(1);
    expect(log.filter((r) => r.source === 'agent' && r.peerWcId === mate.wcId)).toEqual([]);

    const dash = await f.ok<MetricsDashboard>('GET', `/api/v3/metrics/dashboard?customerId=${customerId}`);
    expect(dash.kpis).toEqual({
      newContacts: 3,
      friendRequests: 1,
      friendsAccepted: 1,
      sessions: 4,
      activeSessions: 4,
      messagesIn: 5,
      messagesOut: 4,
      agentReplies: 3,
      agentAnswered: 2,
      agentReplyRate: 0.4,
      handoverSessions: 1,
      handoverRate: 0.25,
      personReplies: 1,
      medianFirstResponseMs: responses[1],
      leadsCaptured: 0,
      accountsOnline: 2,
      accountsOffline: 0,
    });
    expect(dash.unanswered).toEqual([expect.objectContaining({ question: UNKNOWN, count: 1 })]);
    expect(dash.trend.reduce((n, p) => n + p.messagesIn, 0)).toBe(5);
    expect(dash.trend.reduce((n, p) => n + p.fallbackReplies, 0)).toBe(1);

    // The usage figures meter the same script: one unit per agent answer (the two QA answers and
    // the fallback; the colleague was not answered), all by the app, all today.
    const usage = `customerId=${customerId}`;
    const cards = await f.ok<UsageDashboard>('GET', `/api/v3/dashboard/getCompanyUsageDashboard?${usage}`);
    expect(cards).toMatchObject({ used: 3, totalQuota: null, remaining: null });
    const perApp = await f.ok<RoleUsage[]>('GET', `/api/v3/dashboard/getRoleUsageStatistics?${usage}`);
    expect(perApp.filter((r) => r.used > 0)).toEqual([expect.objectContaining({ used: 3 })]);
    const trend = await f.ok<UsageTrendPoint[]>('GET', `/api/v3/dashboard/getUsageTrendStatistics?${usage}`);
    expect(trend).toHaveLength(7);
    expect(trend.at(-1)?.used).toBe(3);
    expect(trend.slice(0, -1).every((p) => p.used === 0)).toBe(true);

    const page = await f.ok<PageResult<SessionMetricsRow>>('POST', '/api/v3/metrics/customer/session/list/page', {
      customerId,
      orderBy: { field: 'nickname', direction: 'asc' },
    });
    const row = (wcId: string) => page.list.find((r) => r.wcId === wcId);
    expect(page.total).toBe(3);
    expect(row(f1.wcId)).toMatchObject({
      sessions: 1,
      messagesIn: 2,
      messagesOut: 2,
      agentReplies: 2,
      personReplies: 0,
      appId: app.id,
      avgFirstResponseMs: frt(f1.wcId),
    });
    expect(row(f2.wcId)).toMatchObject({ sessions: 1, messagesIn: 1, agentReplies: 1 });
    expect(row(f4.wcId)).toMatchObject({
      sessions: 2,
      messagesIn: 2,
      messagesOut: 1,
      personReplies: 1,
      appId: null,
      avgFirstResponseMs: 2 * MIN,
      firstMessageAt: t0.toISOString(),
      lastMessageAt: plus(33).toISOString(),
    });
    expect(row(mate.wcId)).toBeUndefined();
    // Filtered by app: only the served account's contacts.
    const byApp = await f.ok<PageResult<SessionMetricsRow>>('POST', '/api/v3/metrics/customer/session/list/page', {
      appId: app.id,
    });
    expect(byApp.list.map((r) => r.wcId).sort()).toEqual([f1.wcId, f2.wcId].sort());
  });
});
