import { type HttpPeer, type PeerRequest, startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { createTestApp, type TestApp, type TestGateway } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCallback } from '../callback-parse';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyCallback } from '../callback-signature';
import { GatewayError, type GatewayErrorCode } from '../gateway';

/** ANCHORS §C's failure modes, each through the real adapter against the simulator. */
type GatewayApp = TestApp & { gateway: TestGateway };

async function codeOf(promise: Promise<unknown>): Promise<GatewayErrorCode | 'none'> {
  try {
    await promise;
    return 'none';
  } catch (err) {
    if (err instanceof GatewayError) return err.code;
    throw err;
  }
}

async function login(t: GatewayApp, region: number, phoneRegion = region, previousWcId?: string): Promise<string> {
  const qr = await t.gateway.adapter.requestQr(region, previousWcId);
  const { wcId } = await t.gateway.sim.confirm(qr.sessionId, { phoneRegion });
  return wcId;
}

function offlineCallbackOf(wcId: string) {
  return (r: PeerRequest) => {
    const event = parseCallback(JSON.parse(r.body));
    return event?.kind === 'status' && event.wcId === wcId;
  };
}

describe('logins that expire or drop', () => {
  let t: GatewayApp;
  let receiver: HttpPeer;

  beforeAll(async () => {
    receiver = await startHttpPeer();
    t = await createTestApp({
      gateway: {
        simulator: {
          qrTtlMs: 600,
          regionMismatchDropMs: 200,
          firstDayDrop: { minMs: 300, maxMs: 500 },
          callbackUrl: `${receiver.url}/callback`,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('expires a QR code nobody confirmed, and refuses to confirm it afterwards', async () => {
    const qr = await t.gateway.adapter.requestQr(8);
    expect(qr.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(600);
    await t.gateway.sim.scan(qr.sessionId);
    await expect
      .poll(async () => (await t.gateway.adapter.pollLogin(qr.sessionId)).state, { timeout: 10_000 })
      .toBe('expired');
    await expect(t.gateway.sim.confirm(qr.sessionId)).rejects.toThrow(/expired/);
  });

  it('lets the person on the phone expire a code at once', async () => {
    const qr = await t.gateway.adapter.requestQr(8);
    await t.gateway.sim.expire(qr.sessionId);
    expect(await t.gateway.adapter.pollLogin(qr.sessionId)).toMatchObject({ state: 'expired' });
  });

  it('drops an account confirmed from another province a moment after it logged in', async () => {
    const wcId = await login(t, 16, 3);
    // It does log in first, as the real gateway does.
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: true });
    const request = await receiver.waitFor(offlineCallbackOf(wcId));
    expect(parseCallback(JSON.parse(request.body))).toMatchObject({
      kind: 'status',
      online: false,
      reason: 'regionMismatch',
    });
    const timestamp = String(request.headers[TIMESTAMP_HEADER]);
    const signature = String(request.headers[SIGNATURE_HEADER]);
    expect(verifyCallback(t.gateway.config.callbackSecret, { signature, timestamp }, request.body)).toBe(true);
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: false, reason: 'regionMismatch' });
    expect(await codeOf(t.gateway.adapter.sendText(wcId, 'wxid_any', 'hi'))).toBe('offline');
  });

  it('drops a new account once in its first days; logging in again with its wcId holds', async () => {
    const wcId = await login(t, 5);
    expect((await t.gateway.sim.account(wcId))?.pendingDrop).toMatchObject({ reason: 'firstDayDrop' });
    const request = await receiver.waitFor(offlineCallbackOf(wcId));
    expect(parseCallback(JSON.parse(request.body))).toMatchObject({ reason: 'firstDayDrop' });
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: false, reason: 'firstDayDrop' });

    const again = await login(t, 5, 5, wcId);
    expect(again).toBe(wcId);
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: true });
    // The first-day drop is spent: nothing more is coming for this account.
    expect(await t.gateway.sim.account(wcId)).toMatchObject({
      online: true,
      pendingDrop: null,
      firstDayDropDone: true,
    });
  });

  it('has the first-day drop at once when a test asks for it', async () => {
    const wcId = await login(t, 9);
    expect(await t.gateway.sim.drop(wcId, 'firstDayDrop')).toEqual({ delivered: true });
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: false, reason: 'firstDayDrop' });
    const again = await login(t, 9, 9, wcId);
    expect(await t.gateway.adapter.status(again)).toEqual({ online: true });
    expect((await t.gateway.sim.account(wcId))?.pendingDrop).toBeNull();
  });
});

describe('sends the gateway refuses', () => {
  let t: GatewayApp;
  let files: HttpPeer;

  beforeAll(async () => {
    files = await startHttpPeer((request, response) => {
      const size = Number(new URL(request.url, 'http://x').searchParams.get('size'));
      const chunked = request.url.startsWith('/chunked');
      if (!chunked) response.setHeader('content-length', String(size));
      // Chunked: no declared length, so the simulator must count what arrives.
      for (let sent = 0; sent < size; sent += 256) response.write(Buffer.alloc(Math.min(256, size - sent), 120));
      response.end();
    });
    t = await createTestApp({
      gateway: {
        simulator: {
          firstDayDrop: false,
          contactCount: 12,
          initMs: 0,
          minGapMs: 300,
          windowMs: 60_000,
          windowMax: 4,
          maxFileBytes: 2048,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await files.close();
  });

  async function readyAccount(): Promise<{ wcId: string; to: string }> {
    const wcId = await login(t, 7);
    await t.gateway.adapter.startAddressInit(wcId);
    const { items } = await t.gateway.adapter.contacts(wcId, { offset: 0, limit: 3 });
    return { wcId, to: items[0]?.wcId as string };
  }

  it('refuses a send sooner than the gap and more than the window allows, as too frequent', async () => {
    const { wcId, to } = await readyAccount();
    const gw = t.gateway.adapter;
    await gw.sendText(wcId, to, 'one');
    expect(await codeOf(gw.sendText(wcId, to, 'too soon'))).toBe('tooFrequent');
    // Once the gap has passed, sends go through again (a refused try does not count as a send).
    for (const text of ['two', 'three', 'four']) {
      await expect.poll(() => codeOf(gw.sendText(wcId, to, text)), { timeout: 10_000, interval: 100 }).toBe('none');
    }
    // Four within the window: the fifth is refused even after the gap.
    const started = Date.now();
    await expect
      .poll(async () => (Date.now() - started > 400 ? codeOf(gw.sendText(wcId, to, 'five')) : 'waiting'), {
        timeout: 10_000,
        interval: 100,
      })
      .toBe('tooFrequent');
    expect((await t.gateway.sim.sent(wcId)).map((m) => m.content)).toEqual(['one', 'two', 'three', 'four']);
    const refused = await t.gateway.sim.refusals(wcId);
    expect(refused.every((r) => r.reason === 'tooFrequent')).toBe(true);
    expect(refused.map((r) => r.content)).toContain('too soon');
    expect(refused.at(-1)?.content).toBe('five');
  });

  it('keeps an account online while its sends fail, and says so for each send', async () => {
    const { wcId, to } = await readyAccount();
    await t.gateway.sim.setSendsFail(wcId, true);
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: true });
    expect(await codeOf(t.gateway.adapter.sendText(wcId, to, 'lost 1'))).toBe('sendFailed');
    expect(
      await codeOf(t.gateway.adapter.sendFile(wcId, to, { url: `${files.url}/f?size=10`, fileName: 'a.txt' })),
    ).toBe('sendFailed');
    expect(await t.gateway.sim.sent(wcId)).toEqual([]);
    expect((await t.gateway.sim.refusals(wcId)).map((r) => r.reason)).toEqual(['sendFailed', 'sendFailed']);
    await t.gateway.sim.setSendsFail(wcId, false);
    await t.gateway.adapter.sendText(wcId, to, 'through');
    expect((await t.gateway.sim.sent(wcId)).map((m) => m.content)).toEqual(['through']);
  });

  it('refuses files over the limit, whether their size is declared or only counted', async () => {
    const { wcId, to } = await readyAccount();
    const gw = t.gateway.adapter;
    const declared = `${files.url}/f?size=4096`;
    const counted = `${files.url}/chunked?size=4096`;
    expect(await codeOf(gw.sendFile(wcId, to, { url: declared, fileName: 'big.pdf' }))).toBe('fileTooLarge');
    expect(await codeOf(gw.sendFile(wcId, to, { url: counted, fileName: 'big.pdf' }))).toBe('fileTooLarge');
    await gw.sendFile(wcId, to, { url: `${files.url}/f?size=2048`, fileName: 'fits.pdf' });
    expect(await t.gateway.sim.sent(wcId)).toEqual([expect.objectContaining({ fileName: 'fits.pdf', fileSize: 2048 })]);
    expect((await t.gateway.sim.refusals(wcId)).map((r) => r.reason)).toEqual(['fileTooLarge', 'fileTooLarge']);
    // A file the gateway cannot fetch is no success either.
    expect(await codeOf(gw.sendFile(wcId, to, { url: 'ftp://example/x', fileName: 'x' }))).toBe('sendFailed');
    expect((await t.gateway.sim.refusals(wcId)).at(-1)).toMatchObject({
      reason: 'sendFailed',
      content: 'ftp://example/x',
    });
  });
});
