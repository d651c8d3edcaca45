// @long-running: starts first (vitest.config.ts), so that it never holds a worker alone at the end.
import type { ChatSendBatch, Contact } from '@agent-console/contracts';
import { initAddressList, simAccount, waitUntil } from '@agent-console/server/test/fixtures/chat';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import {
  createTestApp,
  type TestApp,
  type TestAppOptions,
  type TestGateway,
} from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatPacing } from '../../../db/schema';
import { pacingDay } from './pacing-policy';

/**
 * The pacing governor against the simulator's rate limit (issue 15 acceptance 4): a batch of 120
 * goes out without one refusal and with gaps that are not uniform; a "too frequent" answer backs
 * the account off and the message still goes out after. Each scenario has its own console, since
 * the simulator's rate limit is set per console.
 */
type Gw = TestApp & { gateway: TestGateway };

async function consoleWith(options: Pick<TestAppOptions, 'pacing'> & { simulator: object }) {
  const t = (await createTestApp({
    jobs: true,
    gateway: { simulator: options.simulator },
    pacing: options.pacing,
  })) as Gw;
  const admin = await t.loginAdmin();
  const f = fixtures(t, () => admin);
  const account = await simAccount(t, { customerId: await f.customer() });
  await initAddressList(f, account.id);
  const contacts = await f.ok<{ list: Contact[] }>('POST', '/api/v3/address/list/page', {
    accountId: account.id,
    pageSize: 200,
  });
  const finished = (batchId: number, timeoutMs: number) =>
    waitUntil(
      () => f.ok<ChatSendBatch>('GET', `/api/v3/message/batch/${batchId}`),
      (b) => b.status === 'completed',
      timeoutMs,
      `batch ${batchId}`,
    );
  return { t, f, account, contacts: contacts.list, finished };
}

describe('a batch of 120 under the gateway’s rate limit', () => {
  let c: Awaited<ReturnType<typeof consoleWith>>;
  beforeAll(async () => {
    c = await consoleWith({
      // The simulator refuses a send within 40 ms of the last, and more than 15 in any second:
      // a burst would be refused at once.
      simulator: { contactCount: 130, minGapMs: 40, windowMs: 1000, windowMax: 15 },
      pacing: {
        minGapMs: 90,
        jitterMs: 60,
        perCharMs: 0.2,
        maxTypingMs: 30,
        dailyCap: 1000,
        warmUp: [],
        backoffBaseMs: 5000,
        backoffMaxMs: 5000,
      },
    });
  });
  afterAll(() => c.t.close());

  it('sends all 120, none refused by the simulator, with gaps that are not uniform', async () => {
    const to = c.contacts.slice(0, 120);
    expect(to).toHaveLength(120);
    const started = await c.f.ok<ChatSendBatch>('POST', '/api/v3/message/sendText', {
      accountId: c.account.id,
      contactIds: to.map((x) => x.id),
      content: '周末活动通知 Weekend event: 20% off',
    });
    const done = await c.finished(started.batchId, 300_000);
    expect(done).toMatchObject({ total: 120, sent: 120, failed: 0 });
    expect(await c.t.gateway.sim.refusals(c.account.wcId)).toEqual([]);
    const sent = await c.t.gateway.sim.sent(c.account.wcId);
    expect(sent).toHaveLength(120);
    expect(new Set(sent.map((s) => s.to))).toEqual(new Set(to.map((x) => x.wcId)));
    const times = sent.map((s) => new Date(s.at).getTime()).sort((a, b) => a - b);
    const gaps = times.slice(1).map((at, i) => at - (times[i] as number));
    // Never closer than the policy's gap; spread by the jitter, not one repeated interval.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(90);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeGreaterThanOrEqual(30);
    expect(new Set(gaps.map((g) => Math.round(g / 5))).size).toBeGreaterThan(10);
    const pacing = (await c.t.database.db.select().from(chatPacing).where(eq(chatPacing.accountId, c.account.id)))[0];
    // Every send of the pacing row's day is counted: all 120, unless the batch ran across
    // midnight UTC (a CI run at 23:59 counted 43, the sends after it), when the count started again.
    const onPacingDay = times.filter((at) => pacingDay(new Date(at)) === pacing?.day).length;
    expect(onPacingDay).toBeGreaterThan(0);
    expect(pacing).toMatchObject({ sentToday: onPacingDay, refusedToday: 0, backoffLevel: 0 });
  }, 600_000);
});

describe('a "too frequent" answer', () => {
  let c: Awaited<ReturnType<typeof consoleWith>>;
  // The console's send must reach the gateway within this gap after the hand-sent one to be
  // refused: generous, because the send goes through pg-boss on a machine shared with other tests.
  const SIM_GAP_MS = 12_000;
  const BACKOFF_MS = 12_500;
  beforeAll(async () => {
    c = await consoleWith({
      simulator: { contactCount: 12, minGapMs: SIM_GAP_MS, windowMs: 60_000, windowMax: 60 },
      pacing: {
        minGapMs: 50,
        jitterMs: 20,
        dailyCap: 100,
        warmUp: [],
        backoffBaseMs: BACKOFF_MS,
        backoffMaxMs: 60_000,
      },
    });
  });
  afterAll(() => c.t.close());

  it('backs the account off, records the refusal, and the message is still delivered after', async () => {
    const [first, second] = c.contacts;
    if (!first || !second) throw new Error('too few contacts');
    // Someone sent from this account a moment ago (another tool, the phone): the gateway will
    // refuse the console's next send as too frequent for the next 12 s.
    await c.t.gateway.adapter.sendText(c.account.wcId, first.wcId, 'sent by hand');
    const started = await c.f.ok<ChatSendBatch>('POST', '/api/v3/message/sendText', {
      accountId: c.account.id,
      contactIds: [second.id],
      content: 'hello again',
    });
    const refused = await waitUntil(
      () => c.t.gateway.sim.refusals(c.account.wcId),
      (r) => r.length > 0,
      SIM_GAP_MS,
      'the refusal',
    );
    expect(refused.map((r) => [r.to, r.reason])).toEqual([[second.wcId, 'tooFrequent']]);
    const backedOff = await waitUntil(
      async () => (await c.t.database.db.select().from(chatPacing).where(eq(chatPacing.accountId, c.account.id)))[0],
      (p) => (p?.refusedToday ?? 0) > 0,
    );
    expect(backedOff).toMatchObject({ refusedToday: 1, backoffLevel: 1 });
    const refusedAt = backedOff?.lastRefusedAt?.getTime() ?? 0;
    expect(backedOff?.backoffUntil?.getTime()).toBe(refusedAt + BACKOFF_MS);
    const waiting = await c.f.ok<ChatSendBatch>('GET', `/api/v3/message/batch/${started.batchId}`);
    expect(waiting.results[0]).toMatchObject({ status: 'queued' });

    const done = await c.finished(started.batchId, 30_000);
    expect(done).toMatchObject({ sent: 1, failed: 0 });
    const [row] = await c.t.database.db.select().from(chatMessages).where(eq(chatMessages.batchId, started.batchId));
    expect(row?.sentAt?.getTime()).toBeGreaterThanOrEqual(refusedAt + BACKOFF_MS);
    expect((await c.t.gateway.sim.sent(c.account.wcId)).map((s) => s.content)).toEqual(['sent by hand', 'hello again']);
    const after = (await c.t.database.db.select().from(chatPacing).where(eq(chatPacing.accountId, c.account.id)))[0];
    expect(after).toMatchObject({ refusedToday: 1, backoffLevel: 0, sentToday: 1 });
  }, 120_000);
});
