import {
  CHAT_ACCOUNT_PERMISSIONS,
  type ChatAccount,
  type ChatLoginInfo,
  type ChatLoginSession,
  chatLoginQuerySchema,
  DICT_TYPES,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertAccount } from '@agent-console/server/test/fixtures/chat-account';
import { type HttpPeer, startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { gatewaySessionOf, logInThroughSimulator } from '@agent-console/server/test/fixtures/login-flow';
import { logsOf } from '@agent-console/server/test/fixtures/operation-log';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatAccounts, chatLoginSessions, dictEntries, dictTypes, users } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { qrPng } from '../../../integrations/messaging-gateway/qr';
import { WkteamClient } from '../../../integrations/messaging-gateway/wkteam-client';
import { DEFAULT_PACING } from '../outbox/pacing-policy';
import { startLogin } from './chat-login.service';

// The phone of another region drops the account 3 s after it confirms, not the harness's 0.3 s:
// on a loaded machine the login's own calls after the confirm took longer than that.
const { t, admin, f } = useAdminApp({ gateway: { simulator: { regionMismatchDropMs: 3_000 } } });

const P = '/api/v3/account';
const sim = () => t.gateway.sim;

async function requestQr(query: string, token = admin()): Promise<ChatLoginSession> {
  return f.ok<ChatLoginSession>('GET', `${P}/login?${query}`, undefined, token);
}

async function poll(loginSessionId: string, token = admin()): Promise<ChatLoginInfo> {
  return f.ok<ChatLoginInfo>('POST', `${P}/getLoginInfo`, { loginSessionId }, token);
}

/** A whole QR login on the simulator: request, scan, confirm, poll until confirmed. */
const logIn = (query: string, token = admin(), phoneRegion?: number) =>
  logInThroughSimulator(t, token, query, phoneRegion);

describe('QR login', () => {
  it('refuses a missing region with "select a region first" naming region, and an unknown one', async () => {
    for (const query of ['', 'region=']) {
      const res = await t.call('GET', `${P}/login?${query}`, { token: admin() });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'A0410',
        data: { fields: [{ field: 'region', reason: 'selectRegionFirst' }] },
      });
      expect(res.body.message).toBe('Region is required: select a region first');
      const zh = await t.call('GET', `${P}/login?${query}`, { token: admin(), lang: 'zh-chs' });
      expect(zh.body.message).toBe('地区为必填项：请先选择地区');
    }
    for (const [query, code] of [
      ['region=99', 'A0400'],
      ['region=abc', 'A0400'],
      ['region=0', 'A0420'],
      ['region=3&accountId=abc', 'A0400'],
      ['region=3&customerId=-1', 'A0420'],
    ] as const) {
      const res = await t.call('GET', `${P}/login?${query}`, { token: admin() });
      expect(res.body.code, query).toBe(code);
      const fields = (res.body.data as { fields: { field: string }[] }).fields.map((x) => x.field);
      expect(fields, query).toEqual([
        query.includes('accountId') ? 'accountId' : query.includes('customerId') ? 'customerId' : 'region',
      ]);
    }
    // A region the operator disabled in the dictionary is refused too.
    const [entry] = await t.database.db
      .select({ id: dictEntries.id })
      .from(dictEntries)
      .innerJoin(dictTypes, eq(dictTypes.id, dictEntries.typeId))
      .where(and(eq(dictTypes.type, DICT_TYPES.chatRegion), eq(dictEntries.value, '30')));
    await t.database.db
      .update(dictEntries)
      .set({ enabled: false })
      .where(eq(dictEntries.id, entry?.id ?? 0));
    const disabled = await t.call('GET', `${P}/login?region=30`, { token: admin() });
    expect(disabled.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'region' }] } });
    await t.database.db
      .update(dictEntries)
      .set({ enabled: true })
      .where(eq(dictEntries.id, entry?.id ?? 0));
    // Nothing was asked of the gateway, nothing stored.
    expect(await t.database.db.select().from(chatLoginSessions)).toEqual([]);
  });

  it('runs the whole flow: QR with expiry → scanned → confirmed → account online with its profile', async () => {
    const cid = await f.customer();
    const m = await f.member([CHAT_ACCOUNT_PERMISSIONS.list, CHAT_ACCOUNT_PERMISSIONS.login], 3, cid);
    const before = Date.now();
    const qr = await requestQr('region=16', m.token);
    expect(qr.loginSessionId).toMatch(/^[\w-]{43}$/);
    const id = await gatewaySessionOf(t, qr.loginSessionId);
    // The link of the simulator's phone page, and the image the simulator drew of it, fetched by
    // the console and handed over as a data URL.
    expect(qr.qrContent).toBe(await sim().phonePageUrl(id));
    expect(qr.qrImage).toBe(`data:image/png;base64,${(await qrPng(qr.qrContent)).toString('base64')}`);
    expect(Date.parse(qr.expiresAt)).toBeGreaterThan(before);
    expect(qr.expiresInSeconds).toBeGreaterThan(30);

    // Fetching the image is no scan.
    expect((await poll(qr.loginSessionId, m.token)).status).toBe('waiting');
    await sim().scan(id);
    expect((await poll(qr.loginSessionId, m.token)).status).toBe('scanned');
    const { wcId } = await sim().confirm(id, {});
    const info = await poll(qr.loginSessionId, m.token);
    expect(info.status).toBe('confirmed');
    expect(info.account).toMatchObject({
      wcId,
      customerId: cid,
      ownerUserId: m.id,
      ownerUserName: m.username,
      loginStatus: 'online',
      region: 16,
      offlineReason: null,
    });
    expect(info.account?.nickname).not.toBe('');
    expect(info.account?.account).not.toBe('');
    expect(info.account?.firstLoginAt).toBe(info.account?.lastLoginAt);
    // Polling again answers the same account; the list shows it.
    expect((await poll(qr.loginSessionId, m.token)).account?.id).toBe(info.account?.id);
    const page = await t.call<{ list: ChatAccount[] }>('POST', `${P}/list/page`, { token: m.token, body: {} });
    expect(page.body.data.list.map((a) => a.wcId)).toEqual([wcId]);
    // The login is in the operation log although it is a GET named like a read.
    const logs = await logsOf(t, `${P}/login`);
    expect(logs.some((l) => l.username === m.username)).toBe(true);
  });

  it('answers the session only to its creator, even an administrator gets A0404', async () => {
    const m = await f.member([CHAT_ACCOUNT_PERMISSIONS.login]);
    const qr = await requestQr('region=3', m.token);
    const other = await f.member([CHAT_ACCOUNT_PERMISSIONS.login], 3, m.customerId);
    for (const token of [other.token, admin()]) {
      const res = await t.call('POST', `${P}/getLoginInfo`, { token, body: { loginSessionId: qr.loginSessionId } });
      expect(res.body.code).toBe('A0404');
    }
    const unknown = await t.call('POST', `${P}/getLoginInfo`, { token: m.token, body: { loginSessionId: 'nope' } });
    expect(unknown.body.code).toBe('A0404');
    const missing = await t.call('POST', `${P}/getLoginInfo`, { token: m.token, body: {} });
    expect(missing.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'loginSessionId' }] } });
    const long = await t.call('POST', `${P}/getLoginInfo`, {
      token: m.token,
      body: { loginSessionId: 'x'.repeat(65) },
    });
    expect(long.body).toMatchObject({ code: 'A0420', data: { fields: [{ field: 'loginSessionId' }] } });
  });

  it('answers expired when the QR code expires, and cancelled when the phone cancels; nothing is created', async () => {
    const count = async () => (await t.database.db.select({ id: chatAccounts.id }).from(chatAccounts)).length;
    const accounts = await count();
    const expiring = await requestQr('region=3');
    await sim().expire(await gatewaySessionOf(t, expiring.loginSessionId));
    expect((await poll(expiring.loginSessionId)).status).toBe('expired');
    // Final: asking again does not go back to waiting.
    expect((await poll(expiring.loginSessionId)).status).toBe('expired');

    const cancelled = await requestQr('region=3');
    const id = await gatewaySessionOf(t, cancelled.loginSessionId);
    await sim().scan(id);
    await sim().cancel(id);
    expect((await poll(cancelled.loginSessionId)).status).toBe('cancelled');
    expect(await count()).toBe(accounts);
  });

  it('a region other than the phone’s: the account is online, then dropped with regionMismatch', async () => {
    const account = await logIn('region=3', admin(), 16);
    await vi.waitFor(
      async () => {
        const res = await f.ok<{ changed: { id: number }[] }>('GET', `${P}/syncWktWechatLoginStatus?id=${account.id}`);
        const [row] = await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id));
        expect(row).toMatchObject({ loginStatus: 'offline', offlineReason: 'regionMismatch' });
        return res;
      },
      { timeout: 20_000, interval: 200 },
    );
  });

  it('logs an account in again with its wcId: same row, same wcId, first login kept, the caller owns it', async () => {
    const cid = await f.customer();
    const first = await f.member([CHAT_ACCOUNT_PERMISSIONS.login, CHAT_ACCOUNT_PERMISSIONS.list], 3, cid);
    const account = await logIn('region=8', first.token);
    await sim().drop(account.wcId, 'loggedOutOnPhone');
    await vi.waitFor(
      async () => {
        await f.ok('GET', `${P}/syncWktWechatLoginStatus?id=${account.id}`);
        const [row] = await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id));
        expect(row?.loginStatus).toBe('offline');
      },
      { timeout: 20_000, interval: 200 },
    );
    const second = await f.member([CHAT_ACCOUNT_PERMISSIONS.login], 3, cid);
    const again = await logIn(`region=8&accountId=${account.id}`, second.token);
    expect(again).toMatchObject({
      id: account.id,
      wcId: account.wcId,
      customerId: cid,
      loginStatus: 'online',
      ownerUserId: second.id,
      firstLoginAt: account.firstLoginAt,
      offlineReason: 'loggedOutOnPhone',
    });
    expect(Date.parse(again.lastLoginAt ?? '')).toBeGreaterThan(Date.parse(account.lastLoginAt ?? ''));
    expect(await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.wcId, account.wcId))).toHaveLength(1);
  });

  it('re-login of another customer’s account is A0404; a customer outside the caller’s scope is A0312', async () => {
    const theirs = await insertAccount(t, { customerId: await f.customer() });
    const m = await f.member([CHAT_ACCOUNT_PERMISSIONS.login]);
    const res = await t.call('GET', `${P}/login?region=3&accountId=${theirs.id}`, { token: m.token });
    expect(res.body.code).toBe('A0404');
    const elsewhere = await f.customer();
    const outside = await t.call('GET', `${P}/login?region=3&customerId=${elsewhere}`, { token: m.token });
    expect(outside.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'customerId' }] } });
    const mine = await t.call('GET', `${P}/login?region=3&accountId=${theirs.id}&customerId=${m.customerId}`, {
      token: admin(),
    });
    expect(mine.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'customerId' }] } });
  });

  it('does not move an account connected under another customer to the customer of a new login', async () => {
    const a = await f.customer();
    const b = await f.customer();
    const qr = await requestQr(`region=5&customerId=${b}`);
    const id = await gatewaySessionOf(t, qr.loginSessionId);
    await sim().scan(id);
    const { wcId } = await sim().confirm(id, {});
    // The phone that confirmed is already connected under customer A.
    const existing = await insertAccount(t, { customerId: a, wcId });
    const info = await poll(qr.loginSessionId);
    expect(info).toMatchObject({ status: 'failed', reason: expect.stringContaining('another customer') });
    const [row] = await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, existing.id));
    expect(row).toMatchObject({ customerId: a, nickname: existing.nickname });
    expect((await poll(qr.loginSessionId)).status).toBe('failed');
  });
});

describe('QR image of a gateway shaped like WKTeam (no simulator additions)', () => {
  let wkteam: HttpPeer;
  let png: Buffer;
  /** Where the next iPadLogin says its QR image is. */
  let imagePath = '/qr/ok.png';

  beforeAll(async () => {
    png = await qrPng('weixin://real-gateway/abc');
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    wkteam = await startHttpPeer((r, res) => {
      if (r.url === '/iPadLogin') {
        const data = { wId: `w-${wkteam.received.length}`, qrCodeUrl: `${wkteam.url}${imagePath}` };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code: '1000', message: '处理成功', data }));
      } else if (r.url === '/qr/ok.png') {
        res.setHeader('content-type', 'image/png');
        res.end(png);
      } else if (r.url === '/qr/page.html') {
        res.setHeader('content-type', 'text/html');
        res.end('<html>please log in</html>');
      } else if (r.url === '/qr/huge.png') {
        res.setHeader('content-type', 'image/png');
        res.end(huge);
      } else {
        res.statusCode = 404;
        res.end('not found');
      }
    });
  });
  afterAll(() => wkteam.close());

  /** The login service as the route calls it, with the adapter pointed at the fake WKTeam. */
  async function start(): Promise<ChatLoginSession> {
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    if (!me) throw new Error('no admin');
    const auth: AuthContext = {
      sessionId: 'test',
      userId: me.id,
      username: me.username,
      customerId: me.customerId,
      permissions: new Set([CHAT_ACCOUNT_PERMISSIONS.login]),
      isSuperAdmin: true,
      dataScope: { all: true },
    };
    const gateway = new WkteamClient({ baseUrl: () => wkteam.url, token: 'wkteam-token' });
    return startLogin(
      { db: t.database.db, gateway: () => gateway, pacing: DEFAULT_PACING },
      auth,
      chatLoginQuerySchema.parse({ region: '3' }),
      'en',
    );
  }

  const sessions = async () => t.database.db.select().from(chatLoginSessions);

  it('shows the gateway’s own image, fetched by the server, and no phone link', async () => {
    imagePath = '/qr/ok.png';
    const qr = await start();
    expect(qr.qrImage).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(qr.qrContent).toBe('');
    const [row] = (await sessions()).filter((s) => s.id === qr.loginSessionId);
    expect(row).toMatchObject({ gatewaySessionId: expect.stringMatching(/^w-/), qrContent: '', status: 'waiting' });
    const fetched = wkteam.received.find((r) => r.url === '/qr/ok.png');
    expect(fetched?.method).toBe('GET');
    // The gateway's token goes only to its API, not to wherever it says its image is.
    expect(fetched?.headers.authorization).toBeUndefined();
  });

  it('an image that fails, is not an image or is too big is "QR code generation failed"; nothing is stored', async () => {
    for (const path of ['/qr/missing.png', '/qr/page.html', '/qr/huge.png']) {
      imagePath = path;
      const before = (await sessions()).length;
      const asked = wkteam.received.filter((r) => r.url === path).length;
      await expect(start(), path).rejects.toMatchObject({
        code: 'C0120',
        message: expect.stringMatching(/^QR code generation failed: the QR image /),
      });
      // The image was asked for, and the failure left no session behind.
      expect(wkteam.received.filter((r) => r.url === path).length, path).toBe(asked + 1);
      expect((await sessions()).length, path).toBe(before);
    }
  });
});
