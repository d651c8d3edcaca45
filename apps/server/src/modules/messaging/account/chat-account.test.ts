import { CHAT_ACCOUNT_PERMISSIONS, type ChatAccount, fieldLabel } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertAccount } from '@agent-console/server/test/fixtures/chat-account';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { createTestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatAccounts, chatPacing, users } from '../../../db/schema';
import { pacingDay } from '../outbox/pacing-policy';

const { t, admin, f } = useAdminApp();

const P = '/api/v3/account';
type Page = { list: ChatAccount[]; total: number };
const accountRow = async (id: number) =>
  (await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, id)))[0];

describe('account list', () => {
  it('pages with keyword, status, customer and owner filters and an allow-listed sort', async () => {
    const cid = await f.customer();
    const owner = await f.user({ customerId: cid });
    const alpha = await insertAccount(t, { customerId: cid, nickname: 'Alpha sales', account: 'alpha_1' });
    const beta = await insertAccount(t, {
      customerId: cid,
      nickname: 'Beta',
      account: 'beta_sales',
      loginStatus: 'offline',
      offlineAt: new Date(),
      offlineReason: 'firstDayDrop',
      ownerUserId: owner.id,
    });
    await insertAccount(t, { customerId: cid, nickname: 'Gamma', account: 'gamma' });

    const byKeyword = await f.ok<Page>('POST', `${P}/list/page`, {
      customerId: cid,
      keyword: 'SALES',
      orderBy: { field: 'nickname', direction: 'desc' },
    });
    expect(byKeyword.list.map((a) => a.id)).toEqual([beta.id, alpha.id]);
    const offline = await f.ok<Page>('POST', `${P}/list/page`, { customerId: cid, loginStatus: 'offline' });
    expect(offline.list).toHaveLength(1);
    expect(offline.list[0]).toMatchObject({
      id: beta.id,
      loginStatus: 'offline',
      offlineReason: 'firstDayDrop',
      ownerUserId: owner.id,
      ownerUserName: owner.username,
    });
    const owned = await f.ok<Page>('POST', `${P}/list/page`, { ownerUserId: owner.id });
    expect(owned.list.map((a) => a.id)).toEqual([beta.id]);
    const paged = await f.ok<Page>('POST', `${P}/list/page`, {
      customerId: cid,
      pageSize: 2,
      pageNum: 2,
      orderBy: { field: 'account', direction: 'asc' },
    });
    expect(paged.total).toBe(3);
    expect(paged.list.map((a) => a.account)).toEqual(['gamma']);
    // Newest first by default.
    const all = await f.ok<Page>('POST', `${P}/list/page`, { customerId: cid });
    expect(all.list[0]?.id).toBeGreaterThan(all.list[2]?.id ?? 0);

    const badSort = await t.call('POST', `${P}/list/page`, { token: admin(), body: { orderBy: { field: 'wcId' } } });
    expect(badSort.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'orderBy.field' }] } });
    const badStatus = await t.call('POST', `${P}/list/page`, { token: admin(), body: { loginStatus: 'away' } });
    expect(badStatus.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'loginStatus' }] } });
  });

  it('answers every SPEC §3 field with the customer name and the pacing risk', async () => {
    const cid = await f.customer(f.unique('Risk Customer '));
    const young = await insertAccount(t, {
      customerId: cid,
      avatar: 'https://example.com/a.png',
      signature: 'At your service',
      region: 16,
      firstLoginAt: new Date(Date.now() - 2 * 3_600_000),
    });
    await t.database.db
      .insert(chatPacing)
      .values({ accountId: young.id, day: pacingDay(new Date()), sentToday: 20, refusedToday: 1 });
    const page = await f.ok<Page>('POST', `${P}/list/page`, { customerId: cid });
    const a = page.list[0];
    expect(a).toMatchObject({
      id: young.id,
      wcId: young.wcId,
      account: young.account,
      loginStatus: 'online',
      avatar: 'https://example.com/a.png',
      nickname: young.nickname,
      signature: 'At your service',
      region: 16,
      contactsInitStatus: 'none',
      contactCount: 0,
      offlineReason: null,
    });
    expect(a?.customerName).toMatch(/^Risk Customer /);
    expect(Date.parse(a?.createdAt ?? '')).not.toBeNaN();
    // A new account's warm-up cap is lower; 20 of 30 and a refusal today is medium.
    expect(a?.risk).toMatchObject({ sentToday: 20, dailyCap: 30, refusalsRecent: 1, warmingUp: true, level: 'medium' });
  });

  it('measures the risk against the pacing policy the console’s governor applies', async () => {
    const own = await createTestApp({ pacing: { dailyCap: 7, warmUp: [] } });
    try {
      const token = await own.loginAdmin();
      const g = fixtures(own, () => token);
      const cid = await g.customer();
      const account = await insertAccount(own, { customerId: cid });
      await own.database.db
        .insert(chatPacing)
        .values({ accountId: account.id, day: pacingDay(new Date()), sentToday: 4 });
      const page = await g.ok<Page>('POST', `${P}/list/page`, { customerId: cid });
      expect(page.list[0]?.risk).toMatchObject({ sentToday: 4, dailyCap: 7, warmingUp: false, level: 'medium' });
    } finally {
      await own.close();
    }
  });

  it('shows a caller only the accounts of their scope, and scope 5 only the accounts they own', async () => {
    const mine = await f.member([CHAT_ACCOUNT_PERMISSIONS.list]);
    const other = await f.customer();
    const own = await insertAccount(t, { customerId: mine.customerId });
    const foreign = await insertAccount(t, { customerId: other });
    const res = await t.call<Page>('POST', `${P}/list/page`, { token: mine.token, body: { pageSize: 500 } });
    expect(res.body.data.list.map((a) => a.id)).toEqual([own.id]);
    const filtered = await t.call<Page>('POST', `${P}/list/page`, {
      token: mine.token,
      body: { customerId: other },
    });
    expect(filtered.body.data.total).toBe(0);
    const options = await t.call<{ id: number }[]>('GET', `${P}/getList`, { token: mine.token });
    expect(options.body.data.map((o) => o.id)).toEqual([own.id]);
    expect(options.body.data.map((o) => o.id)).not.toContain(foreign.id);

    const self = await f.member([CHAT_ACCOUNT_PERMISSIONS.list], 5);
    const theirs = await insertAccount(t, { customerId: self.customerId, ownerUserId: self.id });
    await insertAccount(t, { customerId: self.customerId });
    const selfPage = await t.call<Page>('POST', `${P}/list/page`, { token: self.token, body: {} });
    expect(selfPage.body.data.list.map((a) => a.id)).toEqual([theirs.id]);
  });
});

describe('account picker list', () => {
  it('lists accounts by nickname for any signed-in user, online only and per customer on request', async () => {
    const cid = await f.customer();
    const b = await insertAccount(t, { customerId: cid, nickname: 'B desk' });
    const a = await insertAccount(t, { customerId: cid, nickname: 'A desk', loginStatus: 'offline' });
    const all = await f.ok<{ id: number; loginStatus: string; wcId: string }[]>(
      'GET',
      `${P}/getList?customerId=${cid}`,
    );
    expect(all.map((o) => o.id)).toEqual([a.id, b.id]);
    expect(all[0]).toEqual({
      id: a.id,
      customerId: cid,
      wcId: a.wcId,
      nickname: 'A desk',
      avatar: null,
      loginStatus: 'offline',
      budget: expect.objectContaining({ sentToday: 0, campaignQueued: 0 }),
    });
    const online = await f.ok<{ id: number }[]>('GET', `${P}/getList?customerId=${cid}&onlineOnly=true`);
    expect(online.map((o) => o.id)).toEqual([b.id]);
    // Only a session is needed: the contacts screen's users pick accounts too.
    const plain = await f.member([], 3, cid);
    const res = await t.call<{ id: number }[]>('GET', `${P}/getList`, { token: plain.token });
    expect(res.body.data.map((o) => o.id)).toEqual([a.id, b.id]);
    const bad = await t.call('GET', `${P}/getList?onlineOnly=yes`, { token: admin() });
    expect(bad.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'onlineOnly' }] } });
  });
});

describe('permissions and bad input', () => {
  const calls = [
    ['POST', `${P}/list/page`, CHAT_ACCOUNT_PERMISSIONS.list],
    ['GET', `${P}/login?region=3`, CHAT_ACCOUNT_PERMISSIONS.login],
    ['POST', `${P}/getLoginInfo`, CHAT_ACCOUNT_PERMISSIONS.login],
    ['GET', `${P}/syncWktWechatLoginStatus`, CHAT_ACCOUNT_PERMISSIONS.sync],
    ['GET', `${P}/delete/1`, CHAT_ACCOUNT_PERMISSIONS.remove],
  ] as const;

  it('refuses each call without its permission (A0312) and anonymous callers (A0301), changing nothing', async () => {
    const cid = await f.customer();
    const account = await insertAccount(t, { customerId: cid });
    for (const [method, url, code] of calls) {
      const others = Object.values(CHAT_ACCOUNT_PERMISSIONS).filter((c) => c !== code);
      const m = await f.member(others, 3, cid);
      const target = url.replace('/delete/1', `/delete/${account.id}`);
      const res = await t.call(method, target, { token: m.token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.body.code, url).toBe('A0312');
      expect(res.status, url).toBe(403);
      const anon = await t.call(method, target, method === 'POST' ? { body: {} } : {});
      expect(anon.body.code, url).toBe('A0301');
    }
    expect((await accountRow(account.id))?.loginStatus).toBe('online');
  });

  it('answers another customer’s account as missing (A0404) on every id call, and changes nothing', async () => {
    const theirs = await insertAccount(t, { customerId: await f.customer() });
    const m = await f.member(Object.values(CHAT_ACCOUNT_PERMISSIONS));
    for (const url of [
      `${P}/delete/${theirs.id}`,
      `${P}/syncWktWechatLoginStatus?id=${theirs.id}`,
      `${P}/login?region=3&accountId=${theirs.id}`,
    ]) {
      expect((await t.call('GET', url, { token: m.token })).body.code, url).toBe('A0404');
    }
    expect(await accountRow(theirs.id)).toMatchObject({ loginStatus: 'online', wcId: theirs.wcId });
  });

  it('names the field of a bad id, and answers a missing account as not found', async () => {
    for (const [url, code] of [
      [`${P}/delete/abc`, 'A0400'],
      [`${P}/delete/0`, 'A0420'],
      [`${P}/syncWktWechatLoginStatus?id=x`, 'A0400'],
    ] as const) {
      const res = await t.call('GET', url, { token: admin() });
      expect(res.body.code, url).toBe(code);
      expect(res.body.message, url).toContain(fieldLabel('id', 'en'));
    }
    expect((await t.call('GET', `${P}/delete/2000000000`, { token: admin() })).body.code).toBe('A0404');
    expect((await t.call('GET', `${P}/delete/2147483648`, { token: admin() })).body.code).toBe('A0420');
  });

  it('removes an account of its scope with what hangs off it; the row is gone', async () => {
    const cid = await f.customer();
    const m = await f.member([CHAT_ACCOUNT_PERMISSIONS.list, CHAT_ACCOUNT_PERMISSIONS.remove], 3, cid);
    const account = await insertAccount(t, { customerId: cid, loginStatus: 'offline' });
    await t.database.db.insert(chatPacing).values({ accountId: account.id, day: pacingDay(new Date()), sentToday: 1 });
    const res = await t.call<{ affected: number }>('GET', `${P}/delete/${account.id}`, { token: m.token });
    expect(res.body).toMatchObject({ code: '00000', data: { affected: 1 } });
    expect(await accountRow(account.id)).toBeUndefined();
    expect(await t.database.db.select().from(chatPacing).where(eq(chatPacing.accountId, account.id))).toEqual([]);
    expect((await t.call('GET', `${P}/delete/${account.id}`, { token: m.token })).body.code).toBe('A0404');
  });

  it('keeps an account whose owner is deleted, without an owner', async () => {
    const cid = await f.customer();
    const owner = await f.user({ customerId: cid });
    const account = await insertAccount(t, { customerId: cid, ownerUserId: owner.id });
    await t.database.db.delete(users).where(eq(users.id, owner.id));
    expect((await accountRow(account.id))?.ownerUserId).toBeNull();
  });
});
