import { postPageForm } from '@agent-console/server/test/fixtures/gateway-sim';
import { type HttpPeer, startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { createTestApp, type TestApp, type TestGateway } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCallback } from '../callback-parse';
import type { QrLogin } from '../gateway';
import { qrPng } from '../qr';

/** The phone and customer pages as a person uses them: fetch the HTML, post the forms. */
let t: TestApp & { gateway: TestGateway };
let receiver: HttpPeer;

beforeAll(async () => {
  receiver = await startHttpPeer();
  t = await createTestApp({
    gateway: { simulator: { callbackUrl: `${receiver.url}/cb`, contactCount: 15, minGapMs: 0, firstDayDrop: false } },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function get(url: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** Posts a form as a browser does; answers where the page sends the person next. */
async function post(url: string, fields: Record<string, string>): Promise<string> {
  const { status, location } = await postPageForm(url, fields);
  expect(status).toBe(303);
  return location.toString();
}

/** The phone page a QR login encodes: the simulator says so in `qrContent`. */
function phoneOf(qr: QrLogin): string {
  if (!qr.qrContent) throw new Error('the simulator named no phone page');
  return qr.qrContent;
}

describe('QR image', () => {
  it('serves the QR code as a PNG of the phone page, without counting it as a scan', async () => {
    const qr = await t.gateway.adapter.requestQr(7);
    expect(qr.qrImageUrl).toMatch(new RegExp(`^${t.gateway.baseUrl}/qr/[\\w-]{20,}\\.png$`));
    expect(phoneOf(qr)).toBe(await t.gateway.sim.phonePageUrl(qr.sessionId));
    const response = await fetch(qr.qrImageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The very drawing of the phone page's address (the drawing is deterministic).
    expect(png.equals(await qrPng(phoneOf(qr)))).toBe(true);
    expect(await t.gateway.adapter.pollLogin(qr.sessionId)).toEqual({ state: 'waiting' });
    for (const path of ['qr/no-such-phone.png', `qr/${phoneOf(qr).split('/').pop()}`, 'qr/..%2Fphone.png']) {
      const missing = await fetch(`${t.gateway.baseUrl}/${path}`);
      await missing.arrayBuffer();
      expect(missing.status, path).toBe(404);
    }
  });
});

describe('phone page', () => {
  it('shows the login to confirm, with the requested province chosen, and marks it scanned', async () => {
    const qr = await t.gateway.adapter.requestQr(7);
    const page = await get(phoneOf(qr));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('Jiangsu 江苏');
    expect(page.html).toContain('<option value="7" selected>Jiangsu 江苏</option>');
    expect(page.html.match(/<option /g)).toHaveLength(30);
    expect(page.html).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    for (const action of ['confirm', 'cancel', 'expire']) expect(page.html).toContain(`value="${action}"`);
    expect(await t.gateway.adapter.pollLogin(qr.sessionId)).toEqual({ state: 'scanned' });
  });

  it('confirms from another province: logged in, warned of the coming drop, with the phone’s settings', async () => {
    const qr = await t.gateway.adapter.requestQr(7);
    const next = await post(phoneOf(qr), { action: 'confirm', province: '16' });
    expect(next).toBe(phoneOf(qr));
    const { wcId } = (await t.gateway.adapter.pollLogin(qr.sessionId)) as { wcId: string };
    const page = await get(next);
    expect(page.html).toContain('Logged in 已登录');
    expect(page.html).toContain(wcId);
    expect(page.html).toContain('Guangdong 广东');
    expect(page.html).toContain(await t.gateway.sim.customerPageUrl(wcId));
    const drop = await receiver.waitFor((r) => parseCallback(JSON.parse(r.body))?.wcId === wcId);
    expect(parseCallback(JSON.parse(drop.body))).toMatchObject({ kind: 'status', reason: 'regionMismatch' });
    expect((await get(next)).html).toContain('Offline 离线 · regionMismatch');
  });

  it('toggles "sends fail" and logs out on the phone', async () => {
    const qr = await t.gateway.adapter.requestQr(3);
    await post(phoneOf(qr), { action: 'confirm', province: '3' });
    const { wcId } = (await t.gateway.adapter.pollLogin(qr.sessionId)) as { wcId: string };
    await post(phoneOf(qr), { action: 'sendsFail', on: 'on' });
    expect((await t.gateway.sim.account(wcId))?.sendsFail).toBe(true);
    expect((await get(phoneOf(qr))).html).toContain('Let sends through again');
    await post(phoneOf(qr), { action: 'logout' });
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: false, reason: 'loggedOutOnPhone' });
  });

  it('shows refusals on the page instead of failing, and a 404 page for an unknown id', async () => {
    const qr = await t.gateway.adapter.requestQr(3);
    const refused = await post(phoneOf(qr), { action: 'confirm', province: '99' });
    expect(new URL(refused).searchParams.get('error')).toContain('province');
    expect((await get(refused)).html).toContain('choose the province of the phone');
    const nonsense = await post(phoneOf(qr), { action: 'launch' });
    expect(new URL(nonsense).searchParams.get('error')).toBeTruthy();
    await post(phoneOf(qr), { action: 'cancel' });
    expect((await get(phoneOf(qr))).html).toContain('Login cancelled');
    const missing = await get(`${t.gateway.baseUrl}/phone/no-such-phone`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('No such login');
  });
});

describe('customer page', () => {
  async function account(): Promise<{ wcId: string; url: string }> {
    const qr = await t.gateway.adapter.requestQr(3);
    const { wcId } = await t.gateway.sim.confirm(qr.sessionId);
    return { wcId, url: await t.gateway.sim.customerPageUrl(wcId) };
  }

  it('lists the contacts, writes as one of them, and shows what the account sent them', async () => {
    const { wcId, url } = await account();
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.html.match(/<option /g)).toHaveLength(15);
    const to = (await t.gateway.sim.contactsOf(wcId))[0];
    if (!to) throw new Error('no contact');

    const next = await post(url, { action: 'write', with: to.wcId, content: 'Is the shop open today? 今天营业吗' });
    expect(new URL(next).searchParams.get('with')).toBe(to.wcId);
    const callback = await receiver.waitFor((r) => r.body.includes('今天营业吗'));
    expect(parseCallback(JSON.parse(callback.body))).toMatchObject({ kind: 'message', wcId, fromWcId: to.wcId });

    await t.gateway.adapter.startAddressInit(wcId);
    await expect.poll(async () => (await t.gateway.adapter.addressInitProgress(wcId)).status).toBe('completed');
    await t.gateway.adapter.sendText(wcId, to.wcId, 'Yes, until 9 pm 营业到晚上9点');
    const chat = await get(next);
    expect(chat.html).toContain('Is the shop open today? 今天营业吗');
    expect(chat.html).toContain('Yes, until 9 pm 营业到晚上9点');
    expect(chat.html.indexOf('class="msg in"')).toBeLessThan(chat.html.indexOf('class="msg out"'));
  });

  it('replies from the account’s own phone: the console hears the account’s own message, and so does the page', async () => {
    const { wcId, url } = await account();
    const to = (await t.gateway.sim.contactsOf(wcId))[1];
    if (!to) throw new Error('no contact');
    const chatUrl = `${url}?with=${encodeURIComponent(to.wcId)}`;
    expect((await get(chatUrl)).html).toContain('Reply from the phone');
    const next = await post(url, { action: 'phoneReply', with: to.wcId, content: 'On my way 马上到' });
    expect(new URL(next).searchParams.get('with')).toBe(to.wcId);
    const callback = await receiver.waitFor((r) => r.body.includes('马上到'));
    expect(parseCallback(JSON.parse(callback.body))).toMatchObject({
      kind: 'message',
      wcId,
      fromWcId: to.wcId,
      fromSelf: true,
      content: 'On my way 马上到',
    });
    expect((await get(next)).html).toContain('class="msg out"');
    // The gateway echoes the console's own sends back the same way, under the send's id.
    await t.gateway.adapter.startAddressInit(wcId);
    await expect.poll(async () => (await t.gateway.adapter.addressInitProgress(wcId)).status).toBe('completed');
    const receipt = await t.gateway.adapter.sendText(wcId, to.wcId, 'Sent by the console');
    const echo = await receiver.waitFor((r) => r.body.includes('Sent by the console'));
    expect(parseCallback(JSON.parse(echo.body))).toMatchObject({
      msgId: receipt.msgId,
      fromSelf: true,
      fromWcId: to.wcId,
    });
  });

  it('sends a friend request from the page', async () => {
    const { wcId, url } = await account();
    const next = await post(url, { action: 'friendRequest', nickname: '赵先生', greeting: '你好，想咨询' });
    expect(new URL(next).searchParams.get('requested')).toBe('1');
    const callback = await receiver.waitFor((r) => r.body.includes('赵先生'));
    expect(parseCallback(JSON.parse(callback.body))).toMatchObject({ kind: 'friendRequest', wcId, nickname: '赵先生' });
    expect((await get(next)).html).toContain('1 request(s) waiting');
  });

  it('escapes every name and message', async () => {
    const { wcId, url } = await account();
    const evil = await t.gateway.sim.addContact(wcId, { nickname: '<script>alert(1)</script>"><img src=x>' });
    await post(url, { action: 'write', with: evil.wcId, content: '</textarea><b>bold</b>' });
    const page = await get(`${url}?with=${encodeURIComponent(evil.wcId)}`);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).not.toContain('<img src=x>');
    expect(page.html).not.toContain('<b>bold</b>');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x&gt;');
    expect(page.html).toContain('&lt;/textarea&gt;&lt;b&gt;bold&lt;/b&gt;');
  });

  it('says so when the account is offline, refuses writing, and 404s an unknown page', async () => {
    const { wcId, url } = await account();
    const to = (await t.gateway.sim.contactsOf(wcId))[0]?.wcId as string;
    await t.gateway.sim.drop(wcId, 'loggedOutOnPhone');
    expect((await get(url)).html).toContain('This account is offline');
    const next = await post(url, { action: 'write', with: to, content: 'anyone?' });
    expect(new URL(next).searchParams.get('error')).toContain('offline');
    const refusedEmpty = await post(url, { action: 'write', with: to, content: '   ' });
    expect(new URL(refusedEmpty).searchParams.get('error')).toBeTruthy();
    expect((await get(`${t.gateway.baseUrl}/customer/nobody`)).status).toBe(404);
  });
});

describe('avatars', () => {
  it('draws a disc with the character, and refuses paths that are not one', async () => {
    const ok = await fetch(`${t.gateway.baseUrl}/avatar/200/26446.svg`);
    expect(ok.headers.get('content-type')).toContain('image/svg+xml');
    expect(await ok.text()).toContain('&#26446;');
    for (const bad of ['400/65.svg', '10/55296.svg', '10/abc.svg', '-1/65.svg', '10/10.svg']) {
      expect((await fetch(`${t.gateway.baseUrl}/avatar/${bad}`)).status).toBe(404);
    }
  });
});
