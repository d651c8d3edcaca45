import { closedPort } from '@agent-console/server/test/child-server';
import { type HttpPeer, type PeerRequest, startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { rejectionOf } from '@agent-console/server/test/fixtures/rejection';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayError } from './gateway';
import { WkteamClient } from './wkteam-client';
import { WktHttp } from './wkteam-http';
import { refusalCode, refusedLoginState } from './wkteam-refusals';

/**
 * The adapter's transport against small misbehaving servers: slow, failing then recovering,
 * refusing connections. Time limits and back-off are set to milliseconds, so nothing waits long.
 */
const FAST = { timeoutMs: 150, retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 } };
/**
 * For the tests that count requests and are not about the time limit: on a loaded CI machine a
 * prompt answer once took past 150 ms, the call was tried again, and a third request arrived.
 */
const PATIENT = { ...FAST, timeoutMs: 30_000 };
const ok = (data: unknown) => JSON.stringify({ code: '1000', message: '处理成功', data });

let peers: HttpPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.map((p) => p.close()));
  peers = [];
});

async function peer(handle: Parameters<typeof startHttpPeer>[0]): Promise<HttpPeer> {
  const started = await startHttpPeer(handle);
  peers.push(started);
  return started;
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, GatewayError);

function countingFetch(): { fetch: typeof fetch; calls: () => number } {
  let calls = 0;
  return {
    fetch: (input, init) => {
      calls++;
      return fetch(input, init);
    },
    calls: () => calls,
  };
}

describe('gateway transport', () => {
  it('sends the token on every call and reads the envelope', async () => {
    const p = await peer((_r, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(ok({ isOnline: true }));
    });
    const http = new WktHttp({ baseUrl: () => `${p.url}/`, token: 'tok-123', ...PATIENT });
    expect(await http.call('isOnline', { wId: 'w1' })).toEqual({ ok: true, data: { isOnline: true } });
    expect(p.received[0]).toMatchObject({ method: 'POST', url: '/isOnline', body: '{"wId":"w1"}' });
    expect(p.received[0]?.headers.authorization).toBe('tok-123');
  });

  it('retries a 5xx answer and succeeds when the gateway recovers', async () => {
    const p = await peer((_r, res, index) => {
      res.statusCode = index === 0 ? 500 : 200;
      res.end(index === 0 ? 'Internal Server Error' : ok({ isOnline: false }));
    });
    const http = new WktHttp({ baseUrl: () => p.url, token: 't', ...PATIENT });
    expect(await http.call('isOnline', { wId: 'w' })).toEqual({ ok: true, data: { isOnline: false } });
    expect(p.received).toHaveLength(2);
  });

  it('gives up on a gateway that never answers in time, after the bounded tries', async () => {
    const p = await peer(() => {
      // Never answers; the peer's close ends the connection.
    });
    // Its own 150 ms limit per try, not the default 15 s: the test would time out otherwise.
    const http = new WktHttp({ baseUrl: () => p.url, token: 't', ...FAST });
    const err = await failure(http.call('getAddressList', { wId: 'w' }));
    expect(err.code).toBe('unreachable');
    expect(err.message).toMatch(/no answer in time.*3 tries/);
    await expect.poll(() => p.received.length).toBe(3);
  });

  it('takes a login poll the gateway holds past the time limit as still waiting, without repeating it', async () => {
    const p = await peer(() => {});
    // Long enough that the request is written before the time limit, even on a loaded machine.
    const gw = new WkteamClient({ baseUrl: () => p.url, token: 't', ...FAST, timeouts: { getIPadLoginInfo: 400 } });
    expect(await gw.pollLogin('w-1')).toEqual({ state: 'waiting' });
    // The peer runs in this process: on a busy event loop its handler may see the request later.
    await expect.poll(() => p.received.length).toBe(1);
    expect(p.received).toHaveLength(1);
    // A gateway that is not there at all is no "waiting".
    const port = await closedPort();
    const gone = new WkteamClient({ baseUrl: () => `http://127.0.0.1:${port}`, token: 't', ...FAST });
    expect((await failure(gone.pollLogin('w-1'))).code).toBe('unreachable');
  });

  it('tries a refused connection again, then reports the gateway unreachable', async () => {
    const port = await closedPort();
    const counter = countingFetch();
    const http = new WktHttp({ baseUrl: () => `http://127.0.0.1:${port}`, token: 't', ...FAST, fetch: counter.fetch });
    const err = await failure(http.call('queryLoginWx', {}));
    expect(err.code).toBe('unreachable');
    expect(err.message).toContain('ECONNREFUSED');
    expect(counter.calls()).toBe(3);
  });

  it('never sends a message twice: no retry once the request may have arrived', async () => {
    const failing = await peer((_r, res) => {
      res.statusCode = 502;
      res.end('Bad Gateway');
    });
    const slow = await peer(() => {});
    for (const p of [failing, slow]) {
      const http = new WktHttp({ baseUrl: () => p.url, token: 't', ...FAST });
      const err = await failure(http.call('sendText', { wId: 'w', wcId: 'to', content: 'once' }));
      expect(err.code).toBe('unreachable');
      expect(err.message).toContain('may or may not have been sent');
      await expect.poll(() => p.received.length).toBe(1);
    }
    // A connection that was never made delivered nothing: that send is tried again.
    const counter = countingFetch();
    const port = await closedPort();
    const http = new WktHttp({ baseUrl: () => `http://127.0.0.1:${port}`, token: 't', ...FAST, fetch: counter.fetch });
    expect((await failure(http.call('sendFile', { wId: 'w', wcId: 'to', path: 'http://f', fileName: 'f' }))).code).toBe(
      'unreachable',
    );
    expect(counter.calls()).toBe(3);
  });

  it('does not retry a refused token or an answer that is not the gateway’s', async () => {
    const p = await peer((r: PeerRequest, res) => {
      if (r.url === '/isOnline') {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: '1001', message: 'token 无效', data: null }));
      } else {
        res.statusCode = 404;
        res.end('<html>Not Found</html>');
      }
    });
    const http = new WktHttp({ baseUrl: () => p.url, token: 't', ...PATIENT });
    expect(await failure(http.call('isOnline', { wId: 'w' }))).toMatchObject({ code: 'rejected' });
    expect(await failure(http.call('logout', { wId: 'w' }))).toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('no such call'),
    });
    expect(p.received).toHaveLength(2);
  });

  it('says so when the gateway address is not known yet', async () => {
    const http = new WktHttp({ baseUrl: () => undefined, token: 't', ...FAST });
    expect(await failure(http.call('queryLoginWx', {}))).toMatchObject({ code: 'notReady' });
  });
});

describe('WKTeam refusals', () => {
  it('maps the gateway’s sentences to error codes', () => {
    expect(refusalCode('操作频繁，请稍后再试', true)).toBe('tooFrequent');
    expect(refusalCode('发送失败：账号已离线', true)).toBe('offline');
    expect(refusalCode('该微信已掉线，请重新登录', false)).toBe('offline');
    expect(refusalCode('文件大小超过限制', true)).toBe('fileTooLarge');
    expect(refusalCode('wId不存在', false)).toBe('notFound');
    expect(refusalCode('消息发送失败', true)).toBe('sendFailed');
    expect(refusalCode('失败', true)).toBe('sendFailed');
    expect(refusalCode('失败', false)).toBe('rejected');
    expect(refusedLoginState('二维码已失效')).toBe('expired');
    expect(refusedLoginState('请在iPad上输入验证码')).toBe('needsCode');
    expect(refusedLoginState('用户取消登录')).toBe('cancelled');
    expect(refusedLoginState('登录失败')).toBe('failed');
  });
});

describe('wkteam adapter against answers shaped like the real gateway’s', () => {
  /** A fake WKTeam: no simulator additions (no expiry, no progress, numeric message ids). */
  async function fakeWkteam(): Promise<HttpPeer> {
    return peer((r, res) => {
      const body = JSON.parse(r.body || '{}') as Record<string, string>;
      const answers: Record<string, unknown> = {
        '/iPadLogin': { wId: 'w-1', qrCodeUrl: 'http://127.0.0.1:1/qr.png' },
        '/getIPadLoginInfo': { wcId: 'wxid_real', nickName: '贝塔同学', wAccount: 'hi1212', sex: 2 },
        '/initAddressList': null,
        '/getAddressList': { friends: ['wxid_a', 'wxid_b'], chatrooms: ['123@chatroom'], ghs: ['gh_x'] },
        '/getContact': body.wcId
          ?.split(',')
          .map((id) => ({ userName: id, nickName: `N ${id}`, sex: 1, labelList: id === 'wxid_a' ? '1,2' : '' })),
        '/getContactLabelList': [{ labelId: 1, labelName: '客户' }],
        '/sendText': { type: 1, msgId: 2562652205, newMsgId: 4482117376572170, createTime: 1641457769, wcId: 'wxid_a' },
      };
      res.setHeader('content-type', 'application/json');
      if (r.url === '/sendFile') res.end(JSON.stringify({ code: '1001', message: '文件过大', data: null }));
      else res.end(ok(answers[r.url] ?? null));
    });
  }

  it('logs in, initialises and lists contacts without the simulator’s additions', async () => {
    const p = await fakeWkteam();
    const gw = new WkteamClient({ baseUrl: () => p.url, token: 't', ...PATIENT });
    const before = Date.now();
    const qr = await gw.requestQr(3);
    expect(qr).toMatchObject({ sessionId: 'w-1', qrImageUrl: 'http://127.0.0.1:1/qr.png' });
    // WKTeam does not say what the code encodes.
    expect(qr).not.toHaveProperty('qrContent');
    expect(qr.expiresAt.getTime() - before).toBeGreaterThanOrEqual(119_000);
    expect(await gw.pollLogin('w-1')).toEqual({ state: 'confirmed', wcId: 'wxid_real' });
    expect(await gw.startAddressInit('wxid_real')).toEqual({ status: 'completed', processed: 3, total: 3 });
    const { items, total } = await gw.contacts('wxid_real', { offset: 0, limit: 10 });
    expect(total).toBe(3);
    expect(items.map((c) => [c.wcId, c.type, c.labelIds])).toEqual([
      ['wxid_a', 'friend', ['1', '2']],
      ['wxid_b', 'friend', []],
      ['123@chatroom', 'group', []],
    ]);
    expect(await gw.labels('wxid_real')).toEqual([{ id: '1', name: '客户' }]);
    expect(await gw.sendText('wxid_real', 'wxid_a', 'hi')).toEqual({ msgId: '4482117376572170' });
    expect((await failure(gw.sendFile('wxid_real', 'wxid_a', { url: 'http://f', fileName: 'f' }))).code).toBe(
      'fileTooLarge',
    );
    // Every call after the login used the instance the login named.
    expect(p.received.filter((r) => r.url !== '/iPadLogin').every((r) => JSON.parse(r.body).wId === 'w-1')).toBe(true);
  });
});
