import { rejectionOf } from '@agent-console/server/test/fixtures/rejection';
import { useTestApp } from '@agent-console/server/test/test-app';
import { beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type GatewayErrorCode, type MessagingGateway } from './gateway';
import { WkteamClient } from './wkteam-client';

/** The `wkteam` adapter against the built-in simulator over real HTTP: every interface method. */
const t = useTestApp({ gateway: { simulator: { contactCount: 45, initMs: 600_000, minGapMs: 0 } } });
let gw: MessagingGateway;

beforeAll(() => {
  gw = t.gateway.adapter;
});

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, GatewayError);

async function codeOf(promise: Promise<unknown>): Promise<GatewayErrorCode> {
  return (await refusal(promise)).code;
}

/** Logs a new account in through the phone page; answers its wcId. */
async function loggedIn(region = 7): Promise<string> {
  const qr = await gw.requestQr(region);
  const { wcId } = await t.gateway.sim.confirm(qr.sessionId);
  expect(await gw.pollLogin(qr.sessionId)).toEqual({ state: 'confirmed', wcId });
  return wcId;
}

/**
 * Initialises the address list. The simulator's initialisation takes ten minutes here, so that
 * one in progress stays in progress however slow the machine; the phone completes it on demand.
 */
async function initialised(wcId: string): Promise<void> {
  await gw.startAddressInit(wcId);
  await t.gateway.sim.finishAddressInit(wcId);
  expect((await gw.addressInitProgress(wcId)).status).toBe('completed');
}

describe('wkteam adapter against the simulator', () => {
  it('runs the QR login: waiting, scanned on opening the phone page, confirmed with a stable wcId', async () => {
    const before = Date.now();
    const qr = await gw.requestQr(3);
    const after = Date.now();
    expect(qr.sessionId).toMatch(/^sim-/);
    // As WKTeam: the address of an image of the code; and, the simulator's addition, what it encodes.
    const phoneId = qr.qrContent?.match(new RegExp(`^${t.gateway.baseUrl}/phone/([\\w-]{20,})$`))?.[1];
    expect(phoneId).toBeDefined();
    expect(qr.qrImageUrl).toBe(`${t.gateway.baseUrl}/qr/${phoneId}.png`);
    // The default QR lifetime (180 s), from the gateway's own answer.
    expect(qr.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 180_000);
    expect(qr.expiresAt.getTime()).toBeLessThanOrEqual(after + 180_000);
    expect(await gw.pollLogin(qr.sessionId)).toEqual({ state: 'waiting' });
    await t.gateway.sim.scan(qr.sessionId);
    expect(await gw.pollLogin(qr.sessionId)).toEqual({ state: 'scanned' });
    const { wcId } = await t.gateway.sim.confirm(qr.sessionId);
    expect(wcId).toMatch(/^wxid_/);
    expect(await gw.pollLogin(qr.sessionId)).toEqual({ state: 'confirmed', wcId });
    expect(await gw.status(wcId)).toEqual({ online: true });
  });

  it('logs the same account in again when the previous wcId is passed', async () => {
    const wcId = await loggedIn();
    await t.gateway.sim.drop(wcId, 'firstDayDrop');
    expect(await gw.status(wcId)).toEqual({ online: false, reason: 'firstDayDrop' });
    const again = await gw.requestQr(7, wcId);
    expect((await t.gateway.sim.confirm(again.sessionId)).wcId).toBe(wcId);
    expect(await gw.pollLogin(again.sessionId)).toEqual({ state: 'confirmed', wcId });
    expect(await gw.status(wcId)).toEqual({ online: true });
    // Without it, the phone logs in as a new account.
    const fresh = await gw.requestQr(7);
    expect((await t.gateway.sim.confirm(fresh.sessionId)).wcId).not.toBe(wcId);
  });

  it('reports cancelled logins and unknown sessions', async () => {
    const qr = await gw.requestQr(12);
    await t.gateway.sim.cancel(qr.sessionId);
    expect(await gw.pollLogin(qr.sessionId)).toMatchObject({
      state: 'cancelled',
      reason: expect.stringContaining('cancel'),
    });
    expect(await codeOf(gw.pollLogin('sim-no-such-login'))).toBe('notFound');
    expect(await codeOf(gw.requestQr(99))).toBe('rejected');
  });

  it('reads the profile of a logged-in account', async () => {
    const wcId = await loggedIn();
    const profile = await gw.profile(wcId);
    expect(profile).toMatchObject({ wcId, account: expect.any(String), nickname: expect.any(String) });
    expect(profile.nickname.length).toBeGreaterThan(0);
    expect(['male', 'female', 'other']).toContain(profile.gender);
    expect(profile.avatar).toMatch(new RegExp(`^${t.gateway.baseUrl}/avatar/\\d+/\\d+\\.svg$`));
    const avatar = await fetch(profile.avatar as string);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');
  });

  it('initialises the address list with progress, then lists contacts in batches with labels', async () => {
    const wcId = await loggedIn();
    expect(await codeOf(gw.addressInitProgress(wcId))).toBe('notFound');
    const started = await gw.startAddressInit(wcId);
    expect(started).toMatchObject({ status: 'running', total: 45 });
    expect(await codeOf(gw.contacts(wcId, { offset: 0, limit: 10 }))).toBe('rejected');
    expect(await gw.addressInitProgress(wcId)).toMatchObject({ status: 'running', total: 45 });
    await t.gateway.sim.finishAddressInit(wcId);
    expect(await gw.addressInitProgress(wcId)).toEqual({ status: 'completed', processed: 45, total: 45 });

    const first = await gw.contacts(wcId, { offset: 0, limit: 30 });
    const rest = await gw.contacts(wcId, { offset: 30, limit: 30 });
    expect(first.total).toBe(45);
    expect(first.items).toHaveLength(30);
    expect(rest.items).toHaveLength(15);
    const all = [...first.items, ...rest.items];
    expect(new Set(all.map((c) => c.wcId)).size).toBe(45);
    expect(all.some((c) => c.type === 'group' && c.wcId.endsWith('@chatroom'))).toBe(true);
    expect(all.filter((c) => c.type === 'friend').every((c) => c.wcId.startsWith('wxid_'))).toBe(true);
    // Chinese and English names, both genders.
    expect(all.some((c) => /[\u4e00-\u9fff]/.test(c.nickname))).toBe(true);
    expect(all.some((c) => /^[A-Z][a-z]+/.test(c.nickname))).toBe(true);
    expect(new Set(all.map((c) => c.gender))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(all.some((c) => c.gender === 'male') && all.some((c) => c.gender === 'female')).toBe(true);

    const labels = await gw.labels(wcId);
    expect(labels.length).toBeGreaterThanOrEqual(4);
    expect(labels[0]).toEqual({ id: '1', name: '客户' });
    const labelIds = new Set(labels.map((l) => l.id));
    expect(all.some((c) => c.labelIds.length > 0)).toBe(true);
    expect(all.every((c) => c.labelIds.every((id) => labelIds.has(id)))).toBe(true);
    // The same list as the phone has it.
    expect((await t.gateway.sim.contactsOf(wcId)).map((c) => c.wcId)).toEqual(all.map((c) => c.wcId));
  });

  it('keeps the generated contacts across re-initialisations; added ones appear, removed ones go', async () => {
    const wcId = await loggedIn();
    await initialised(wcId);
    const before = await gw.contacts(wcId, { offset: 0, limit: 100 });
    const gone = before.items[3]?.wcId as string;
    await t.gateway.sim.removeContact(wcId, gone);
    const added = await t.gateway.sim.addContact(wcId, { nickname: 'Newcomer 新朋友', gender: 'female' });
    await initialised(wcId);
    const after = await gw.contacts(wcId, { offset: 0, limit: 100 });
    expect(after.total).toBe(before.total);
    expect(after.items.map((c) => c.wcId)).not.toContain(gone);
    // Friends come before groups in the list, as WKTeam lists them; the new friend is the last friend.
    const friends = after.items.filter((c) => c.type === 'friend');
    expect(friends.at(-1)).toMatchObject({ wcId: added.wcId, nickname: 'Newcomer 新朋友', gender: 'female' });
    const unchanged = after.items.filter((c) => c.wcId !== added.wcId);
    expect(unchanged).toEqual(before.items.filter((c) => c.wcId !== gone));
  });

  it('sends text and files by URL; the phone sees what was sent', async () => {
    const wcId = await loggedIn();
    await initialised(wcId);
    const { items } = await gw.contacts(wcId, { offset: 0, limit: 5 });
    const to = items[0]?.wcId as string;
    const text = await gw.sendText(wcId, to, 'Hello 你好 👋');
    expect(text.msgId).toMatch(/^\d{19}$/);
    const file = await gw.sendFile(wcId, to, { url: `${t.gateway.baseUrl}/avatar/10/65.svg`, fileName: 'a.svg' });
    expect(file.msgId).not.toBe(text.msgId);
    const sent = await t.gateway.sim.sent(wcId);
    expect(sent).toEqual([
      expect.objectContaining({ msgId: text.msgId, to, type: 'text', content: 'Hello 你好 👋' }),
      expect.objectContaining({ msgId: file.msgId, to, type: 'file', fileName: 'a.svg', fileSize: expect.any(Number) }),
    ]);
    expect(await codeOf(gw.sendText(wcId, 'wxid_not_a_contact', 'hi'))).toBe('notFound');
  });

  it('accepts a friend request: the requester becomes a contact', async () => {
    const wcId = await loggedIn();
    await initialised(wcId);
    const request = await t.gateway.sim.friendRequest(wcId, { nickname: '王女士', greeting: '你好' });
    await gw.acceptFriend(wcId, { fromWcId: request.fromWcId, ticket: request.ticket });
    await gw.acceptFriend(wcId, { fromWcId: request.fromWcId, ticket: request.ticket });
    const contacts = await t.gateway.sim.contactsOf(wcId);
    expect(contacts.filter((c) => c.wcId === request.fromWcId)).toEqual([
      expect.objectContaining({ nickname: '王女士', type: 'friend' }),
    ]);
    expect(await codeOf(gw.acceptFriend(wcId, { fromWcId: 'x', ticket: 'not-a-ticket' }))).toBe('rejected');
  });

  it('logs out: the account goes offline and calls on it are refused as offline', async () => {
    const wcId = await loggedIn();
    await gw.logout(wcId);
    expect(await gw.status(wcId)).toEqual({ online: false, reason: 'removed' });
    expect(await codeOf(gw.sendText(wcId, 'wxid_x', 'hi'))).toBe('offline');
    expect(await codeOf(gw.profile(wcId))).toBe('offline');
    // Logging out what is already out is no error.
    await gw.logout(wcId);
  });

  it('finds the account’s current login instance after a restart of the adapter', async () => {
    const wcId = await loggedIn();
    const fresh = new WkteamClient({ baseUrl: () => t.gateway.baseUrl, token: t.gateway.config.token });
    expect(await fresh.status(wcId)).toEqual({ online: true });
    expect((await fresh.profile(wcId)).wcId).toBe(wcId);
    // An instance the old adapter remembers is replaced by a re-login elsewhere: it follows.
    const again = await fresh.requestQr(7, wcId);
    await t.gateway.sim.confirm(again.sessionId);
    expect(await gw.status(wcId)).toEqual({ online: true });
    expect((await gw.profile(wcId)).wcId).toBe(wcId);
  });

  it('is refused without the gateway token', async () => {
    const stranger = new WkteamClient({ baseUrl: () => t.gateway.baseUrl, token: 'wrong-token' });
    const err = await refusal(stranger.requestQr(3));
    expect(err.code).toBe('rejected');
    expect(err.message).toContain('token');
    const raw = await fetch(`${t.gateway.baseUrl}/iPadLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wcId: '', proxy: 3 }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ code: '1001', data: null });
  });

  it('answers a bad body with a refusal naming the field, never a server error', async () => {
    const raw = await fetch(`${t.gateway.baseUrl}/sendText`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: t.gateway.config.token },
      body: JSON.stringify({ wId: 'x', wcId: 'y' }),
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ code: '1001', message: '参数错误 (bad parameter: content)', data: null });
  });
});
