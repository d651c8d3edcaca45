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

describe('QR expiry', () => {
  let t: GatewayApp;

  beforeAll(async () => {
    t = await createTestApp({ gateway: { simulator: { qrTtlMs: 700 } } });
  });
  afterAll(() => t.close());

  it('expires a QR code nobody confirmed, and refuses to confirm it afterwards', async () => {
    const qr = await t.gateway.adapter.requestQr(8);
    expect(qr.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(700);
    await t.gateway.sim.scan(qr.sessionId);
    await expect
      .poll(async () => (await t.gateway.adapter.pollLogin(qr.sessionId)).state, { timeout: 10_000 })
      .toBe('expired');
    await expect(t.gateway.sim.confirm(qr.sessionId)).rejects.toThrow(/expired/);
  });
});

describe('logins that drop', () => {
  let t: GatewayApp;
  let receiver: HttpPeer;

  beforeAll(async () => {
    receiver = await startHttpPeer();
    t = await createTestApp({
      gateway: {
        simulator: {
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

  it('lets the person on the phone expire a code at once', async () => {
    const qr = await t.gateway.adapter.requestQr(8);
    await t.gateway.sim.expire(qr.sessionId);
    expect(await t.gateway.adapter.pollLogin(qr.sessionId)).toMatchObject({ state: 'expired' });
  });

  it('drops an account confirmed from another province a moment after it logged in', async () => {
    const qr = await t.gateway.adapter.requestQr(16);
    const { wcId } = await t.gateway.sim.confirm(qr.sessionId, { phoneRegion: 3 });
    // It does log in first, as the real gateway does; the drop follows.
    expect(await t.gateway.adapter.pollLogin(qr.sessionId)).toEqual({ state: 'confirmed', wcId });
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
});

describe('the first-day drop on demand, and the gap between sends', () => {
  let t: GatewayApp;
  let receiver: HttpPeer;

  beforeAll(async () => {
    receiver = await startHttpPeer();
    // Due in an hour or two: only the test's own request makes it happen now.
    const firstDayDrop = { minMs: 3_600_000, maxMs: 7_200_000 };
    // A minute between sends: the second send of a test is refused however slow the machine is.
    const simulator = { firstDayDrop, callbackUrl: `${receiver.url}/callback`, minGapMs: 60_000, initMs: 0 };
    t = await createTestApp({ gateway: { simulator } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('happens at once when a test asks for it, and only once', async () => {
    const before = Date.now();
    const wcId = await login(t, 9);
    const pending = (await t.gateway.sim.account(wcId))?.pendingDrop;
    expect(pending?.reason).toBe('firstDayDrop');
    expect(pending?.at.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(await t.gateway.sim.drop(wcId, 'firstDayDrop')).toEqual({ delivered: true });
    expect(await t.gateway.adapter.status(wcId)).toEqual({ online: false, reason: 'firstDayDrop' });
    const again = await login(t, 9, 9, wcId);
    expect(await t.gateway.adapter.status(again)).toEqual({ online: true });
    expect(await t.gateway.sim.account(wcId)).toMatchObject({ pendingDrop: null, firstDayDropDone: true });
  });

  it('refuses a send sooner than the gap after the previous one, as too frequent', async () => {
    const wcId = await login(t, 7);
    await t.gateway.adapter.startAddressInit(wcId);
    const to = (await t.gateway.adapter.contacts(wcId, { offset: 0, limit: 1 })).items[0]?.wcId as string;
    await t.gateway.adapter.sendText(wcId, to, 'one');
    expect(await codeOf(t.gateway.adapter.sendText(wcId, to, 'too soon'))).toBe('tooFrequent');
    expect((await t.gateway.sim.sent(wcId)).map((m) => m.content)).toEqual(['one']);
    expect(await t.gateway.sim.refusals(wcId)).toEqual([
      expect.objectContaining({ content: 'too soon', reason: 'tooFrequent' }),
    ]);
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
          minGapMs: 0,
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

  it('refuses more sends than the window allows, as too frequent', async () => {
    const { wcId, to } = await readyAccount();
    for (const text of ['one', 'two', 'three', 'four']) await t.gateway.adapter.sendText(wcId, to, text);
    expect(await codeOf(t.gateway.adapter.sendText(wcId, to, 'five'))).toBe('tooFrequent');
    // A refused try is no send: it does not use up the window either.
    expect(await codeOf(t.gateway.adapter.sendText(wcId, to, 'six'))).toBe('tooFrequent');
    expect((await t.gateway.sim.sent(wcId)).map((m) => m.content)).toEqual(['one', 'two', 'three', 'four']);
    expect((await t.gateway.sim.refusals(wcId)).map((r) => [r.content, r.reason])).toEqual([
      ['five', 'tooFrequent'],
      ['six', 'tooFrequent'],
    ]);
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
