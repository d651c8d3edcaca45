import { type RoleUsage, USAGE_PERMISSIONS, type UsageDashboard, type UsageTrendPoint } from '@agent-console/contracts';
import { POST_PERMISSIONS } from '@agent-console/contracts/system-post';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { insertAnswers } from '@agent-console/server/test/fixtures/usage';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentAnswers, customers, usageQuotas } from '../../../db/schema';
import { serverDay as localDate } from '../../../lib/server-day';
import { monthOf, trendDays } from '../../config/usage/usage-period';

/**
 * The usage calls (issue 17, WAVE2 §8 with §15.6): figures against answers inserted with known
 * times, last month's remaining across the month boundary, the quota call's checks, and the
 * permission and data scope of every call.
 */
const { t, admin, f } = useAdminApp();

const D = '/api/v3/dashboard';
/** `undefined`: no customer picked, "All my customers". */
const of = (customerId: number | undefined) => (customerId === undefined ? '' : `?customerId=${customerId}`);
const dashboard = (customerId: number | undefined, token = admin()) =>
  t.call<UsageDashboard>('GET', `${D}/getCompanyUsageDashboard${of(customerId)}`, { token });
const roles = (customerId: number | undefined, token = admin()) =>
  t.call<RoleUsage[]>('GET', `${D}/getRoleUsageStatistics${of(customerId)}`, { token });
const trend = (customerId: number | undefined, token = admin()) =>
  t.call<UsageTrendPoint[]>('GET', `${D}/getUsageTrendStatistics${of(customerId)}`, { token });
const setQuota = (body: unknown, token = admin()) => t.call<UsageDashboard>('POST', `${D}/setQuota`, { token, body });

const quotaRows = (customerId: number) =>
  t.database.db.select().from(usageQuotas).where(eq(usageQuotas.customerId, customerId));

describe('usage figures', () => {
  it('counts this month, last month across the boundary, per app and per day against inserted answers', async () => {
    const customerId = await f.customer();
    const desk = await insertApp(t, { customerId, name: 'Desk' });
    const sales = await insertApp(t, { customerId, name: 'Sales' });
    const idle = await insertApp(t, { customerId, name: 'Idle' });
    const now = new Date();
    const month = monthOf(now);
    const last = monthOf(now, -1);
    const days = trendDays(now);
    const today = days[6]?.from as Date;

    // Last month: the last millisecond before the boundary counts there, the boundary itself here.
    await insertAnswers(t, { customerId, appId: desk.id, at: new Date(last.from.getTime() + 1000), count: 3 });
    await insertAnswers(t, { customerId, appId: desk.id, at: new Date(month.from.getTime() - 1), count: 2 });
    await insertAnswers(t, { customerId, appId: desk.id, at: month.from, count: 1 });
    // Two months ago: counted nowhere.
    await insertAnswers(t, { customerId, appId: desk.id, at: new Date(last.from.getTime() - 1), count: 7 });
    await insertAnswers(t, { customerId, appId: sales.id, at: today, count: 4 });
    await insertAnswers(t, { customerId, appId: desk.id, at: new Date(today.getTime() + 60_000), count: 2, units: 1 });
    // Another customer's answers never count here.
    const other = await f.customer();
    await insertAnswers(t, { customerId: other, appId: null, at: today, count: 9 });

    // Computed independently: every inserted row of this customer inside each period.
    const inserted = [
      { app: desk.id, at: new Date(last.from.getTime() + 1000), n: 3 },
      { app: desk.id, at: new Date(month.from.getTime() - 1), n: 2 },
      { app: desk.id, at: month.from, n: 1 },
      { app: desk.id, at: new Date(last.from.getTime() - 1), n: 7 },
      { app: sales.id, at: today, n: 4 },
      { app: desk.id, at: new Date(today.getTime() + 60_000), n: 2 },
    ];
    const within = (from: Date, to: Date) =>
      inserted.filter((r) => r.at >= from && r.at < to).reduce((s, r) => s + r.n, 0);
    const usedNow = within(month.from, month.to);
    const usedLast = within(last.from, last.to);
    expect(usedLast).toBe(5);

    // Unlimited: no quota, no remaining, no rate.
    const open = await dashboard(customerId);
    expect(open.body.data).toEqual({
      customerId,
      totalQuota: null,
      used: usedNow,
      remaining: null,
      lastMonthRemaining: null,
      usageRate: null,
      unit: 'answer',
      period: { from: month.key, to: expect.stringMatching(/^\d{4}-\d{2}-(28|29|30|31)$/) },
    });

    // Last month's quota (8) is the one in force then: 8 − 5 = 3, no carry-over into this month.
    await t.database.db.insert(usageQuotas).values({ customerId, month: last.key, quota: 8 });
    const withLast = await dashboard(customerId);
    expect(withLast.body.data).toMatchObject({ totalQuota: 8, lastMonthRemaining: 3 });
    expect(withLast.body.data.remaining).toBe(Math.max(0, 8 - usedNow));

    const set = await setQuota({ customerId, quota: 20 });
    expect(set.body.code).toBe('00000');
    const cards = (await dashboard(customerId)).body.data;
    expect(cards).toMatchObject({ totalQuota: 20, used: usedNow, remaining: 20 - usedNow, lastMonthRemaining: 3 });
    expect(cards.usageRate).toBe(Math.round((usedNow / 20) * 1000) / 10);

    // Last month over its quota: floored at 0.
    await t.database.db.update(usageQuotas).set({ quota: 2 }).where(eq(usageQuotas.month, last.key));
    expect((await dashboard(customerId)).body.data.lastMonthRemaining).toBe(0);

    // Zero quota: nothing remains, and a rate of nothing is not shown.
    await setQuota({ customerId, quota: 0 });
    expect((await dashboard(customerId)).body.data).toMatchObject({ totalQuota: 0, remaining: 0, usageRate: null });

    const perApp = (await roles(customerId)).body.data;
    const deskUsed = inserted
      .filter((r) => r.app === desk.id && r.at >= month.from && r.at < month.to)
      .reduce((n, r) => n + r.n, 0);
    const expected = [
      { appId: desk.id, roleName: 'Desk', used: deskUsed, promptTokens: deskUsed * 3, completionTokens: deskUsed * 5 },
      { appId: sales.id, roleName: 'Sales', used: 4, promptTokens: 12, completionTokens: 20 },
      { appId: idle.id, roleName: 'Idle', used: 0, promptTokens: 0, completionTokens: 0 },
    ].sort((x, y) => y.used - x.used);
    const [named] = await t.database.db
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(perApp).toEqual(
      expected.map((e) => ({ ...e, roleKey: String(e.appId), customerId, customerName: named?.name })),
    );
    expect(perApp.map((r) => r.used)).toEqual([...perApp.map((r) => r.used)].sort((a, b) => b - a));

    const points = (await trend(customerId)).body.data;
    expect(points).toHaveLength(7);
    expect(points.map((p) => p.date)).toEqual(days.map((d) => localDate(d.from)));
    expect(points.at(-1)?.date).toBe(localDate(now));
    expect(points.map((p) => p.used)).toEqual(days.map((d) => within(d.from, d.to)));
  });
});

describe('setQuota', () => {
  it('refuses a negative, fractional or absurd quota naming the field, and writes nothing', async () => {
    const customerId = await f.customer();
    for (const quota of [-1, 1.5, 1e12, '10']) {
      const res = await setQuota({ customerId, quota });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.data)).toContain('"field":"quota"');
    }
    expect((await setQuota({ customerId })).status).toBe(400);
    expect(JSON.stringify((await setQuota({ quota: 5 })).body.data)).toContain('"field":"customerId"');
    expect(await quotaRows(customerId)).toEqual([]);
  });

  it('sets a quota below the caller and then unlimited again; another customer is refused and nothing written', async () => {
    const parent = await f.customer();
    const child = await f.customer(f.unique('Child'), parent);
    const other = await f.customer();
    const editor = await f.member([USAGE_PERMISSIONS.view, USAGE_PERMISSIONS.quotaEdit], 4, parent);
    expect((await setQuota({ customerId: child, quota: 100 }, editor.token)).body.data.totalQuota).toBe(100);
    expect((await setQuota({ customerId: child, quota: null }, editor.token)).body.data.totalQuota).toBeNull();
    expect(await quotaRows(child)).toHaveLength(1);

    const refused = await setQuota({ customerId: other, quota: 5 }, editor.token);
    expect(refused.body).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'customerId' }] } });
    expect(await quotaRows(other)).toEqual([]);
  });

  it("a customer's administrator never sets their own customer's quota, nor one above it", async () => {
    const parent = await f.customer();
    const child = await f.customer(f.unique('Child'), parent);
    await f.ok('POST', `${D}/setQuota`, { customerId: parent, quota: 5 });
    await f.ok('POST', `${D}/setQuota`, { customerId: child, quota: 5 });
    for (const [customerId, scope] of [
      [parent, 4],
      [child, 3],
      [child, 4],
    ] as const) {
      const own = await f.member([USAGE_PERMISSIONS.view, USAGE_PERMISSIONS.quotaEdit], scope, customerId);
      const lifted = await setQuota({ customerId, quota: null }, own.token);
      expect(lifted.body).toMatchObject({
        code: 'A0312',
        data: { fields: [{ field: 'customerId', reason: 'ownQuota' }] },
      });
    }
    expect((await dashboard(child)).body.data.totalQuota).toBe(5);
    expect((await dashboard(parent)).body.data.totalQuota).toBe(5);
  });

  it('needs usage:quota:edit: the dashboard permission alone is refused and writes nothing', async () => {
    const own = await f.customer();
    const viewer = await f.member([USAGE_PERMISSIONS.view], 3, own);
    const res = await setQuota({ customerId: own, quota: 5 }, viewer.token);
    expect([res.status, res.body.code]).toEqual([403, 'A0312']);
    expect(await quotaRows(own)).toEqual([]);
  });
});

describe('the three reads', () => {
  it('need usage:dashboard:view, stay in the caller scope and name a bad customerId', async () => {
    const own = await f.customer();
    const other = await f.customer();
    const viewer = await f.member([USAGE_PERMISSIONS.view], 3, own);
    const nobody = await f.member([POST_PERMISSIONS.list], 3, own);
    for (const read of [dashboard, roles, trend]) {
      expect((await read(own, viewer.token)).body.code).toBe('00000');
      const denied = await read(own, nobody.token);
      expect([denied.status, denied.body.code]).toEqual([403, 'A0312']);
      expect((await read(other, viewer.token)).body).toMatchObject({
        code: 'A0404',
        data: { fields: [{ field: 'customerId', reason: 'outOfScope' }] },
      });
    }
    for (const leaf of ['getCompanyUsageDashboard', 'getRoleUsageStatistics', 'getUsageTrendStatistics']) {
      const bad = await t.call('GET', `${D}/${leaf}?customerId=-3`, { token: viewer.token });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.data)).toContain('"field":"customerId"');
    }
  });

  it('give exactly 7 trend points ending today, zeros filled, for a customer without answers', async () => {
    const customerId = await f.customer();
    const points = (await trend(customerId)).body.data;
    expect(points.map((p) => p.used)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(points.at(-1)?.date).toBe(localDate(new Date()));
    expect((await roles(customerId)).body.data).toEqual([]);
  });
});

describe('"All my customers"', () => {
  /** A parent customer (an app, no answers) with a busy sub-customer: 3 answers today. */
  async function family() {
    const parent = await f.customer();
    const child = await f.customer(undefined, parent);
    const desk = await insertApp(t, { customerId: child, name: 'Child desk' });
    const lobby = await insertApp(t, { customerId: parent, name: 'Parent lobby' });
    const days = trendDays(new Date());
    const today = days[6]?.from as Date;
    await insertAnswers(t, { customerId: child, appId: desk.id, at: new Date(today.getTime() + 1000), count: 3 });
    return { parent, child, desk, lobby, today };
  }

  it('rolls up every customer of the scope by default, answers each pick, and refuses one outside', async () => {
    const { parent, child, desk, lobby } = await family();
    const outside = await f.customer();
    await insertAnswers(t, { customerId: outside, appId: null, at: new Date(), count: 9 });
    const boss = await f.member([USAGE_PERMISSIONS.view], 4, parent);

    // The parent is unlimited: so is the roll-up.
    const all = (await dashboard(undefined, boss.token)).body.data;
    expect(all).toMatchObject({ customerId: null, used: 3, totalQuota: null, remaining: null, usageRate: null });
    // Quotas: the child 10 (3 used), the parent 5 (none used): 15 in all, 7 + 5 remaining, 20 %.
    await setQuota({ customerId: child, quota: 10 });
    await setQuota({ customerId: parent, quota: 5 });
    expect((await dashboard(undefined, boss.token)).body.data).toMatchObject({
      customerId: null,
      totalQuota: 15,
      used: 3,
      remaining: 12,
      usageRate: 20,
    });
    // One customer over its quota does not eat the other's remaining: the child 2 (3 used).
    await setQuota({ customerId: child, quota: 2 });
    expect((await dashboard(undefined, boss.token)).body.data).toMatchObject({ totalQuota: 7, used: 3, remaining: 5 });

    const perApp = (await roles(undefined, boss.token)).body.data;
    expect(perApp.map((r) => [r.appId, r.customerId, r.used])).toEqual([
      [desk.id, child, 3],
      [lobby.id, parent, 0],
    ]);
    expect((await trend(undefined, boss.token)).body.data.map((p) => p.used)).toEqual([0, 0, 0, 0, 0, 0, 3]);

    // A pick: that customer alone.
    expect((await dashboard(child, boss.token)).body.data).toMatchObject({ customerId: child, used: 3, totalQuota: 2 });
    expect((await dashboard(parent, boss.token)).body.data).toMatchObject({ customerId: parent, used: 0 });
    expect((await roles(parent, boss.token)).body.data.map((r) => r.appId)).toEqual([lobby.id]);
    expect((await trend(parent, boss.token)).body.data.map((p) => p.used)).toEqual([0, 0, 0, 0, 0, 0, 0]);

    // Outside the scope: refused, no figures.
    for (const read of [dashboard, roles, trend]) {
      const refused = await read(outside, boss.token);
      expect(refused.body).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'customerId' }] } });
    }

    // A caller whose scope is the sub-customer alone sees that customer.
    const clerk = await f.member([USAGE_PERMISSIONS.view], 3, child);
    expect((await dashboard(undefined, clerk.token)).body.data).toMatchObject({ customerId: child, used: 3 });
    expect((await dashboard(parent, clerk.token)).body.code).toBe('A0404');
  });

  it('shows the root administrator every customer’s answers by default', async () => {
    const { child } = await family();
    const month = monthOf(new Date());
    const [sum] = await t.database.db
      .select({ used: sql<string>`coalesce(sum(${agentAnswers.units}), 0)` })
      .from(agentAnswers)
      .where(and(gte(agentAnswers.createdAt, month.from), lt(agentAnswers.createdAt, month.to)));
    const all = (await dashboard(undefined)).body.data;
    expect(all.customerId).toBeNull();
    expect(all.used).toBe(Number(sum?.used));
    expect(all.used).toBeGreaterThanOrEqual(3);
    expect((await dashboard(await f.rootId())).body.data.used).toBe(0);
    expect((await dashboard(child)).body.data.used).toBe(3);
    const perApp = (await roles(undefined)).body.data;
    expect(perApp.reduce((n, r) => n + r.used, 0)).toBe(all.used);
  });
});
