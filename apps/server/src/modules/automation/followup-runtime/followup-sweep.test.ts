import type {
  FollowupDryRun,
  FollowupRobot,
  FollowupSend,
  FollowupSweepResult,
  PageResult,
} from '@agent-console/contracts';
import { readySimAccount, sentTo } from '@agent-console/server/test/fixtures/agent-runtime';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import {
  insertRobot,
  insertStrategy,
  textSteps,
  zoneAtNoon,
} from '@agent-console/server/test/fixtures/followup-runtime';
import { ManualClock } from '@agent-console/server/test/fixtures/manual-clock';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  chatAccounts,
  chatMessages,
  customers,
  followupRobots,
  followupSends,
  followupStrategies,
} from '../../../db/schema';

/**
 * Issue 18, acceptance 2 (in-process part): the gateway simulator over HTTP with the senders
 * running and the app's clock moved — step 1 to a contact quiet for the trigger time, step 2
 * after its wait, never step 1 twice (also with two sweeps started at once), nothing after a
 * reply, nothing to silent contacts, colleagues or an offline account, and a daily cap of 3
 * sending 3. The dry run and the send log are read through their calls.
 */
const clock = new ManualClock();
const { t, f } = useChatTestApp({ contactCount: 8, clock });
const HOUR = 3_600_000;

const sweep = (robotId: number) => f.ok<FollowupSweepResult>('POST', `/api/v3/followup/robot/sweep/${robotId}`);
const dryRun = (robotId: number) => f.ok<FollowupDryRun>('GET', `/api/v3/followup/robot/dryRun/${robotId}`);
const log = (robotId: number) =>
  f.ok<PageResult<FollowupSend>>('POST', '/api/v3/followup/robot/sendLog/page', { robotId, pageSize: 100 });

/** A customer whose wall clock shows about noon now, with an online simulated account and its friends. */
async function setUp() {
  const customerId = await f.customer();
  await t.database.db
    .update(customers)
    .set({ timeZone: zoneAtNoon(new Date()) })
    .where(eq(customers.id, customerId));
  const served = await readySimAccount(t, f, customerId);
  return { customerId, ...served };
}

/** Each contact writes `hoursAgo` hours ago (the simulator delivers it through the callback). */
async function wroteAgo(accountWcId: string, wcIds: string[], hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * HOUR);
  for (const wcId of wcIds) await t.gateway.sim.customerWrites(accountWcId, wcId, `hello from ${wcId}`, { at });
}

/** Waits until every follow-up the robot queued went out (or failed) at the simulator. */
async function settled(robotId: number) {
  return waitUntil(
    () => log(robotId),
    (page) => page.list.every((r) => r.status !== 'queued' && r.status !== 'sending'),
  );
}

describe('follow-up sweeps', () => {
  it('send step 1, then step 2 after its wait, never twice, and nothing after a reply or to those left out', async () => {
    const { customerId, account, friends } = await setUp();
    const [quiet, replier, silent, mate] = friends;
    if (!quiet || !replier || !silent || !mate) throw new Error('the simulator gave too few friends');
    await f.ok('POST', '/api/v3/address/setRelationship', { ids: [silent.id], relationship: 'silent' });
    await f.ok('POST', '/api/v3/address/setRelationship', { ids: [mate.id], relationship: 'colleague' });
    const others = friends.slice(4).map((c) => c.wcId);
    await wroteAgo(account.wcId, [quiet.wcId, replier.wcId, silent.wcId, mate.wcId], 3);
    // The rest of the friends wrote half an hour ago: not quiet long enough for a 2-hour trigger,
    // not even when the clock moves on an hour below.
    await wroteAgo(account.wcId, others, 0.5);
    const strategy = await insertStrategy(t, { customerId, steps: textSteps(['step one', 'step two'], 1) });
    const robot = await insertRobot(t, { customerId, accountId: account.id, workStart: '09:00', workEnd: '17:00' }, [
      strategy.id,
    ]);

    const preview = await dryRun(robot.id);
    expect(preview.heldBecause).toBeNull();
    expect(preview.rows.map((r) => [r.wcId, r.step, r.preview]).sort()).toEqual(
      [
        [quiet.wcId, 1, 'step one'],
        [replier.wcId, 1, 'step one'],
      ].sort(),
    );

    expect((await sweep(robot.id)).queued).toBe(2);
    await settled(robot.id);
    expect(await sentTo(t, account, quiet.wcId)).toEqual(['step one']);
    expect(await sentTo(t, account, replier.wcId)).toEqual(['step one']);
    for (const c of [silent, mate, ...friends.slice(4)]) expect(await sentTo(t, account, c.wcId)).toEqual([]);
    // Step 2 is not due for an hour; step 1 is never sent again.
    expect((await sweep(robot.id)).queued).toBe(0);
    expect((await dryRun(robot.id)).rows).toEqual([]);

    // The replier answers; an hour later two sweeps start at once: one step 2, to the quiet one only.
    await t.gateway.sim.customerWrites(account.wcId, replier.wcId, 'thanks, all good');
    await waitUntil(
      () =>
        t.database.db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.accountId, account.id), eq(chatMessages.content, 'thanks, all good'))),
      (rows) => rows.length === 1,
    );
    clock.set(new Date(Date.now() + HOUR + 60_000));
    try {
      const both = await Promise.all([sweep(robot.id), sweep(robot.id)]);
      expect(both.map((r) => r.queued).sort()).toEqual([0, 1]);
    } finally {
      clock.reset();
    }
    await settled(robot.id);
    expect(await sentTo(t, account, quiet.wcId)).toEqual(['step one', 'step two']);
    expect(await sentTo(t, account, replier.wcId)).toEqual(['step one']);

    const rows = (await log(robot.id)).list;
    expect(rows.map((r) => [r.wcId, r.step, r.status]).sort()).toEqual(
      [
        [quiet.wcId, 1, 'sent'],
        [quiet.wcId, 2, 'sent'],
        [replier.wcId, 1, 'sent'],
      ].sort(),
    );
    // The keys hold: one row per (strategy, contact, step).
    const keys = await t.database.db.select().from(followupSends).where(eq(followupSends.strategyId, strategy.id));
    expect(keys).toHaveLength(3);
  });

  it('send nothing from an offline account, outside working hours or in quiet hours, and stop at the daily cap', async () => {
    const { customerId, account, friends } = await setUp();
    await wroteAgo(
      account.wcId,
      friends.map((c) => c.wcId),
      3,
    );
    expect(friends.length).toBeGreaterThanOrEqual(5);
    const strategy = await insertStrategy(t, { customerId, steps: textSteps(['only step']) });
    const robot = await insertRobot(t, { customerId, accountId: account.id, dailyCap: 3 }, [strategy.id]);

    // Offline: held, nothing planned.
    await t.database.db.update(chatAccounts).set({ loginStatus: 'offline' }).where(eq(chatAccounts.id, account.id));
    expect(await sweep(robot.id)).toEqual({ queued: 0, heldBecause: 'accountOffline' });
    await t.database.db.update(chatAccounts).set({ loginStatus: 'online' }).where(eq(chatAccounts.id, account.id));
    // Outside working hours (it is about noon for this customer).
    const setRobot = (v: Partial<typeof followupRobots.$inferInsert>) =>
      t.database.db.update(followupRobots).set(v).where(eq(followupRobots.id, robot.id));
    const setStrategy = (v: Partial<typeof followupStrategies.$inferInsert>) =>
      t.database.db.update(followupStrategies).set(v).where(eq(followupStrategies.id, strategy.id));
    await setRobot({ workStart: '14:00', workEnd: '18:00' });
    expect(await sweep(robot.id)).toEqual({ queued: 0, heldBecause: 'outsideWorkingHours' });
    await setRobot({ workStart: '00:00', workEnd: '23:59' });
    // Quiet hours around noon.
    await setStrategy({ quietStart: '10:00', quietEnd: '14:00' });
    expect(await sweep(robot.id)).toEqual({ queued: 0, heldBecause: 'quietHours' });
    // Quiet hours across midnight: from 10:00 to 09:00 the next morning holds at noon; a night
    // from 22:00 to 08:00 does not.
    await setStrategy({ quietStart: '10:00', quietEnd: '09:00' });
    expect(await sweep(robot.id)).toEqual({ queued: 0, heldBecause: 'quietHours' });
    await setStrategy({ quietStart: '22:00', quietEnd: '08:00' });
    expect((await dryRun(robot.id)).heldBecause).toBeNull();
    await setStrategy({ quietStart: null, quietEnd: null });
    expect(await t.database.db.$count(followupSends, eq(followupSends.robotId, robot.id))).toBe(0);

    // A cap of 3 sends 3, then the robot is held for the day.
    expect((await dryRun(robot.id)).rows).toHaveLength(3);
    expect(await sweep(robot.id)).toEqual({ queued: 3, heldBecause: null });
    expect(await sweep(robot.id)).toEqual({ queued: 0, heldBecause: 'dailyCapReached' });
    // The robot list counts the same day (the customer's) as the cap.
    const robots = await f.ok<PageResult<FollowupRobot>>('POST', '/api/v3/followup/robot/list/page', { customerId });
    expect(robots.list.map((r) => [r.id, r.sentToday])).toEqual([[robot.id, 3]]);
    await settled(robot.id);
    const sent = await Promise.all(friends.map((c) => sentTo(t, account, c.wcId)));
    expect(sent.flat()).toEqual(['only step', 'only step', 'only step']);
  });

  it("stop at the account's reply reserve, say so, and leave the rest of the day's sends to replies", async () => {
    const { customerId, account, friends } = await setUp();
    // A new account (30 sends a day) of a customer keeping 90 % of them for replies: campaigns get 3.
    await t.database.db
      .update(chatAccounts)
      .set({ firstLoginAt: new Date(Date.now() - HOUR) })
      .where(eq(chatAccounts.id, account.id));
    await t.database.db.update(customers).set({ replyReservePercent: 90 }).where(eq(customers.id, customerId));
    await wroteAgo(
      account.wcId,
      friends.map((c) => c.wcId),
      3,
    );
    expect(friends.length).toBeGreaterThanOrEqual(5);
    const strategy = await insertStrategy(t, { customerId, steps: textSteps(['only step']) });
    const robot = await insertRobot(t, { customerId, accountId: account.id, dailyCap: 8 }, [strategy.id]);

    const before = await dryRun(robot.id);
    expect(before.budget).toEqual({ dailyCap: 30, sentToday: 0, replyReserve: 27, campaignQueued: 0, campaignLeft: 3 });
    expect(before.capLeft).toBe(3);
    expect(before.rows).toHaveLength(3);
    expect(await sweep(robot.id)).toEqual({ queued: 3, heldBecause: null });
    // Queued ones count: the next sweep is held before a single one has gone.
    expect(await sweep(robot.id)).toEqual({ queued: 0, heldBecause: 'replyReserve' });
    await settled(robot.id);
    const after = await dryRun(robot.id);
    expect(after).toMatchObject({
      heldBecause: 'replyReserve',
      capLeft: 0,
      budget: { dailyCap: 30, sentToday: 3, replyReserve: 27, campaignQueued: 0, campaignLeft: 0 },
    });
    // The robot's own cap is not what stopped it.
    const robots = await f.ok<PageResult<FollowupRobot>>('POST', '/api/v3/followup/robot/list/page', { customerId });
    expect(robots.list.map((r) => [r.id, r.sentToday])).toEqual([[robot.id, 3]]);
  });
});
