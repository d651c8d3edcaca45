import { insertContacts } from '@agent-console/server/test/fixtures/chat';
import {
  type Page,
  ROBOT,
  type Robot,
  robotBody,
  useFollowupApi,
} from '@agent-console/server/test/fixtures/followup-api';
import { describe, expect, it } from 'vitest';
import { followupSends } from '../../../db/schema';
import { addDays, serverDay, startOfDay } from '../../../lib/server-day';

/**
 * Follow-up robots (issue 18, calls 7–11): a messaging account set up with strategies, a daily cap
 * and working hours; paging and filters, the enable switch, delete, and what the list shows from
 * joins (account, strategies, sends today).
 */
const { t, f, c } = useFollowupApi();

describe('robots', () => {
  it('sets up an account with strategies in the order given, and reads it back', async () => {
    const cid = await f.customer();
    const account = await c.account(cid, { nickname: 'Sales phone' });
    const s1 = await c.strategy(cid, { name: 'First' });
    const s2 = await c.strategy(cid, { name: 'Second' });
    const saved = await f.ok<Robot>('POST', `${ROBOT}/save`, {
      accountId: account.id,
      strategyIds: [s2.id, s1.id, s2.id],
      dailyCap: 500,
      workStart: ' 08:30 ',
      workEnd: '20:00',
      enabled: true,
    });
    expect(saved).toMatchObject({
      customerId: cid,
      accountId: account.id,
      accountName: 'Sales phone',
      accountOnline: true,
      strategyIds: [s2.id, s1.id],
      strategyNames: ['Second', 'First'],
      dailyCap: 500,
      workStart: '08:30',
      workEnd: '20:00',
      enabled: true,
      sentToday: 0,
    });
    expect(await c.links(saved.id)).toEqual([s2.id, s1.id]);
    const page = await f.ok<Page<Robot>>('POST', `${ROBOT}/list/page`, { customerId: cid });
    expect(page.list).toEqual([saved]);
    // The strategies now count the robot.
    const strategies = await f.ok<Page<{ id: number; robotCount: number }>>('POST', '/api/v3/followup/config/page', {
      customerId: cid,
    });
    expect(strategies.list.map((s) => s.robotCount)).toEqual([1, 1]);
  });

  it('changes account, strategies, cap and hours on update', async () => {
    const cid = await f.customer();
    const s1 = await c.strategy(cid);
    const s2 = await c.strategy(cid);
    const r = await c.robot((await c.account(cid)).id, [s1.id]);
    const other = await c.account(cid, { nickname: '', loginStatus: 'offline' });
    const changed = await f.ok<Robot>(
      'POST',
      `${ROBOT}/update/${r.id}`,
      robotBody(other.id, [s2.id], { dailyCap: 1, workStart: '00:00', workEnd: '23:59', enabled: true }),
    );
    // An account without a nickname is shown by its login name.
    expect(changed).toMatchObject({
      id: r.id,
      accountId: other.id,
      accountName: other.account,
      accountOnline: false,
      strategyIds: [s2.id],
      dailyCap: 1,
      workStart: '00:00',
      workEnd: '23:59',
      enabled: true,
    });
    expect(await c.links(r.id)).toEqual([s2.id]);
    // Saving it unchanged is no clash with itself.
    await f.ok('POST', `${ROBOT}/update/${r.id}`, robotBody(other.id, [s2.id]));
  });

  it('counts today’s sends that were not held back, of this robot only', async () => {
    const cid = await f.customer();
    const account = await c.account(cid);
    const s = await c.strategy(cid);
    const r = await c.robot(account.id, [s.id]);
    const other = await c.robot((await c.account(cid)).id, [s.id]);
    const contacts = await insertContacts(t, account, 6);
    const today = startOfDay(serverDay(new Date()));
    const yesterday = startOfDay(addDays(serverDay(new Date()), -1));
    const send = (i: number, robotId: number, status: string, plannedAt: Date) => ({
      customerId: cid,
      strategyId: s.id,
      strategyName: s.name,
      robotId,
      accountId: account.id,
      contactId: contacts[i]?.id as number,
      step: 1,
      status,
      plannedAt,
    });
    await t.database.db
      .insert(followupSends)
      .values([
        send(0, r.id, 'planned', today),
        send(1, r.id, 'sent', new Date(today.getTime() + 3_600_000)),
        send(2, r.id, 'skipped', today),
        send(3, r.id, 'sent', yesterday),
        send(4, other.id, 'sent', today),
      ]);
    const page = await f.ok<Page<Robot>>('POST', `${ROBOT}/list/page`, {
      customerId: cid,
      orderBy: { field: 'createdAt', direction: 'asc' },
    });
    expect(page.list.map((x) => [x.id, x.sentToday])).toEqual([
      [r.id, 2],
      [other.id, 1],
    ]);
  });

  it('pages, filters by customer, account and enabled, and sorts by an allowed field', async () => {
    const cid = await f.customer();
    const s = await c.strategy(cid);
    const a = await c.robot((await c.account(cid)).id, [s.id], { dailyCap: 30 });
    const b = await c.robot((await c.account(cid)).id, [s.id], { dailyCap: 10, enabled: true });
    const d = await c.robot((await c.account(cid)).id, [s.id], { dailyCap: 20 });
    const elsewhere = await f.customer();
    await c.robot((await c.account(elsewhere)).id, [(await c.strategy(elsewhere)).id]);
    const page = (body: object) => f.ok<Page<Robot>>('POST', `${ROBOT}/list/page`, { customerId: cid, ...body });
    expect((await page({})).list.map((r) => r.id)).toEqual([d.id, b.id, a.id]);
    const byCap = await page({ orderBy: { field: 'dailyCap', direction: 'asc' }, pageSize: 2 });
    expect(byCap).toMatchObject({ total: 3, pageSize: 2 });
    expect(byCap.list.map((r) => r.dailyCap)).toEqual([10, 20]);
    expect(
      (await page({ orderBy: { field: 'dailyCap', direction: 'asc' }, pageSize: 2, pageNum: 2 })).list.map((r) => r.id),
    ).toEqual([a.id]);
    expect((await page({ orderBy: { field: 'dailyCap', direction: 'desc' } })).list[0]?.id).toBe(a.id);
    expect((await page({ accountId: d.accountId })).list.map((r) => r.id)).toEqual([d.id]);
    expect((await page({ enabled: true })).list.map((r) => r.id)).toEqual([b.id]);
    expect((await page({ enabled: false })).total).toBe(2);
  });

  it('switches enabled on and off, and only that', async () => {
    const cid = await f.customer();
    const r = await c.robot((await c.account(cid)).id, [(await c.strategy(cid)).id]);
    const before = await c.robotRow(r.id);
    expect(await f.ok('POST', `${ROBOT}/updateIsEnabled/${r.id}`, { enabled: true })).toEqual({
      id: r.id,
      enabled: true,
    });
    expect(await c.robotRow(r.id)).toMatchObject({ ...before, enabled: true, updatedAt: expect.any(Date) });
    await f.ok('POST', `${ROBOT}/updateIsEnabled/${r.id}`, { enabled: false });
    expect((await c.robotRow(r.id))?.enabled).toBe(false);
  });

  it('deletes (recorded in the operation log as a write), and the account may get a robot again', async () => {
    const cid = await f.customer();
    const account = await c.account(cid);
    const s = await c.strategy(cid);
    const r = await c.robot(account.id, [s.id]);
    expect(await f.ok('GET', `${ROBOT}/delete/${r.id}`)).toEqual({ affected: 1 });
    expect(await c.robotRow(r.id)).toBeUndefined();
    expect(await c.links(r.id)).toEqual([]);
    expect(await c.strategyRow(s.id)).toBeDefined();
    expect(await c.lastLog(`${ROBOT}/delete/${r.id}`)).toMatchObject({
      businessType: 'delete',
      method: 'GET',
      status: 'success',
    });
    expect((await c.call('GET', `${ROBOT}/delete/${r.id}`)).body.code).toBe('A0404');
    await c.robot(account.id, [s.id]);
  });
});
