import { type HttpPeer, type PeerRequest, startHttpPeer } from '@agent-console/server/test/fixtures/http-peer';
import { createTestApp, type TestApp, type TestGateway } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTicket, encodeTicket, parseCallback } from './callback-parse';
import { SIGNATURE_HEADER, signCallback, TIMESTAMP_HEADER, verifyCallback } from './callback-signature';
import type { GatewayEvent } from './gateway';
import { CALLBACK_PATH, GatewaySimulator } from './simulator/simulator';

/** Callbacks: signing, the wire format's parsing, and the simulator posting them. */
describe('callback signature', () => {
  const secret = 'a-callback-secret-of-some-length';
  const body = JSON.stringify({ wcId: 'wxid_a', messageType: '60001', data: { content: '你好' } });

  it('verifies what it signed, and nothing altered, late or signed with another secret', () => {
    const now = Date.now();
    const signature = signCallback(secret, now, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    const headers = { signature, timestamp: String(now) };
    expect(verifyCallback(secret, headers, body, now)).toBe(true);
    expect(verifyCallback(secret, headers, body.replace('你好', '您好'), now)).toBe(false);
    expect(verifyCallback('another-secret-of-some-length', headers, body, now)).toBe(false);
    expect(verifyCallback(secret, { signature, timestamp: String(now + 1) }, body, now)).toBe(false);
    expect(verifyCallback(secret, headers, body, now + 6 * 60_000)).toBe(false);
    expect(verifyCallback(secret, { timestamp: String(now) }, body, now)).toBe(false);
    expect(verifyCallback(secret, { signature, timestamp: 'soon' }, body, now)).toBe(false);
  });
});

describe('parseCallback', () => {
  it('reads a private text message as WKTeam posts it (numeric ids, seconds)', () => {
    const event = parseCallback({
      account: '180132123321',
      messageType: '60001',
      wcId: 'wxid_me',
      data: {
        content: '这是一条文本内容',
        fromUser: 'wxid_6j310kg',
        msgId: 1040356095,
        newMsgId: 4482117376572170,
        self: false,
        timestamp: 1641457769,
        toUser: 'wxid_me',
        wId: 'w-1',
      },
    });
    expect(event).toEqual({
      kind: 'message',
      msgId: '4482117376572170',
      wcId: 'wxid_me',
      fromWcId: 'wxid_6j310kg',
      type: 'text',
      content: '这是一条文本内容',
      at: new Date(1641457769 * 1000),
    });
  });

  it('reads the account’s own messages (self: true) as fromSelf, naming the contact they went to', () => {
    const own = (messageType: string, data: Record<string, unknown>) =>
      parseCallback({
        wcId: 'wxid_me',
        messageType,
        data: { newMsgId: '9', timestamp: 1641457769, self: true, ...data },
      });
    expect(own('60001', { fromUser: 'wxid_me', toUser: 'wxid_friend', content: '好的' })).toEqual({
      kind: 'message',
      msgId: '9',
      wcId: 'wxid_me',
      fromWcId: 'wxid_friend',
      fromSelf: true,
      type: 'text',
      content: '好的',
      at: new Date(1641457769 * 1000),
    });
    expect(
      own('80001', { fromUser: 'wxid_me', fromGroup: '123@chatroom', toUser: '123@chatroom', content: 'hi all' }),
    ).toMatchObject({ fromWcId: '123@chatroom', senderWcId: 'wxid_me', fromSelf: true });
    // Whom it went to is unknown without toUser.
    expect(own('60001', { fromUser: 'wxid_me', content: 'to nobody' })).toBeNull();
  });

  it('reads group messages, files, drops and friend requests', () => {
    expect(
      parseCallback({
        wcId: 'wxid_me',
        messageType: 80001,
        data: { fromUser: 'wxid_member', fromGroup: '123@chatroom', newMsgId: '77', content: 'hi all' },
      }),
    ).toMatchObject({ kind: 'message', fromWcId: '123@chatroom', senderWcId: 'wxid_member', msgId: '77' });
    expect(
      parseCallback({
        wcId: 'wxid_me',
        messageType: '60008',
        data: { fromUser: 'wxid_a', msgId: '8', content: 'http://f/x.pdf', fileName: 'x.pdf' },
      }),
    ).toMatchObject({ kind: 'message', type: 'file', fileName: 'x.pdf', content: 'http://f/x.pdf' });
    expect(parseCallback({ wcId: 'wxid_me', messageType: '30000', data: { reason: 'regionMismatch' } })).toMatchObject({
      kind: 'status',
      online: false,
      reason: 'regionMismatch',
    });
    expect(parseCallback({ wcId: 'wxid_me', messageType: '30000', data: {} })).toMatchObject({ reason: 'unknown' });
    const request = parseCallback({
      wcId: 'wxid_me',
      messageType: '37',
      data: { v1: 'v1_x@stranger', v2: 'v4_y@stranger', scene: 3, nickName: '李女士' },
    });
    expect(request).toMatchObject({ kind: 'friendRequest', fromWcId: 'v1_x@stranger', nickname: '李女士' });
    expect(decodeTicket((request as Extract<GatewayEvent, { kind: 'friendRequest' }>).ticket)).toEqual({
      v1: 'v1_x@stranger',
      v2: 'v4_y@stranger',
      scene: 3,
    });
  });

  it('ignores what the console does not act on, and never throws', () => {
    for (const body of [
      null,
      'text',
      [],
      {},
      { wcId: 'w', messageType: '60001' },
      { wcId: 'w', messageType: '60001', data: { fromUser: 'a', content: 'no id' } },
      { wcId: 'w', messageType: '60001', data: { fromUser: 'a', msgId: '1', content: 'mine', self: true } },
      { wcId: 'w', messageType: '80001', data: { fromUser: 'a', msgId: '1', content: 'no group' } },
      { wcId: 'w', messageType: '99999', data: {} },
      { wcId: 'w', messageType: '37', data: { v1: 'only one token' } },
    ]) {
      expect(parseCallback(body)).toBeNull();
    }
    expect(encodeTicket({ v1: 'a', v2: 'b', scene: 1 })).toMatch(/^[\w-]+$/);
  });
});

describe('the simulator’s callbacks', () => {
  let t: TestApp & { gateway: TestGateway };
  let receiver: HttpPeer;
  let failNext = 0;

  beforeAll(async () => {
    receiver = await startHttpPeer((_r, res) => {
      res.statusCode = failNext > 0 ? 500 : 200;
      failNext = Math.max(0, failNext - 1);
      res.end();
    });
    t = await createTestApp({ gateway: { simulator: { callbackUrl: `${receiver.url}/cb`, contactCount: 20 } } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const eventOf = (r: PeerRequest) => parseCallback(JSON.parse(r.body));
  const signed = (r: PeerRequest) =>
    verifyCallback(
      t.gateway.config.callbackSecret,
      { signature: String(r.headers[SIGNATURE_HEADER]), timestamp: String(r.headers[TIMESTAMP_HEADER]) },
      r.body,
    );

  async function account(): Promise<{ wcId: string; friend: string; group: string }> {
    const qr = await t.gateway.adapter.requestQr(3);
    const { wcId } = await t.gateway.sim.confirm(qr.sessionId);
    const contacts = await t.gateway.sim.contactsOf(wcId);
    const friend = contacts.find((c) => c.type === 'friend')?.wcId as string;
    const group = contacts.find((c) => c.type === 'group')?.wcId as string;
    return { wcId, friend, group };
  }

  it('posts what a contact writes, signed, with the simulator’s own message ids', async () => {
    const { wcId, friend, group } = await account();
    const at = new Date('2026-03-01T08:00:00Z');
    const written = await t.gateway.sim.customerWrites(wcId, friend, '在吗？想问下价格', { at });
    expect(written.delivered).toBe(true);
    const request = await receiver.waitFor((r) => r.body.includes(written.msgId));
    expect(request.url).toBe('/cb');
    expect(signed(request)).toBe(true);
    expect(eventOf(request)).toEqual({
      kind: 'message',
      msgId: written.msgId,
      wcId,
      fromWcId: friend,
      type: 'text',
      content: '在吗？想问下价格',
      at,
    });

    const inGroup = await t.gateway.sim.customerWrites(wcId, group, 'hello group');
    const groupEvent = eventOf(await receiver.waitFor((r) => r.body.includes(inGroup.msgId)));
    expect(groupEvent).toMatchObject({ kind: 'message', fromWcId: group, senderWcId: expect.stringMatching(/^wxid_/) });
  });

  it('redelivers a message under the same id when a test asks, storing it once', async () => {
    const { wcId, friend } = await account();
    const first = await t.gateway.sim.customerWrites(wcId, friend, 'again?', { msgId: '1234567890123456789' });
    const second = await t.gateway.sim.customerWrites(wcId, friend, 'again?', { msgId: '1234567890123456789' });
    expect(second.msgId).toBe(first.msgId);
    await expect.poll(() => receiver.received.filter((r) => r.body.includes('1234567890123456789')).length).toBe(2);
    const { rows } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM gwsim_messages WHERE msg_id = $1',
      ['1234567890123456789'],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('posts friend requests whose ticket the adapter accepts', async () => {
    const { wcId } = await account();
    const request = await t.gateway.sim.friendRequest(wcId, { nickname: 'Lucy 露西', greeting: 'Hi!' });
    const event = eventOf(await receiver.waitFor((r) => r.body.includes(request.fromWcId)));
    expect(event).toMatchObject({ kind: 'friendRequest', wcId, fromWcId: request.fromWcId, nickname: 'Lucy 露西' });
    const ticket = (event as Extract<GatewayEvent, { kind: 'friendRequest' }>).ticket;
    await t.gateway.adapter.acceptFriend(wcId, { fromWcId: request.fromWcId, ticket });
    expect((await t.gateway.sim.contactsOf(wcId)).some((c) => c.wcId === request.fromWcId)).toBe(true);
  });

  it('tries a callback the console refused again, with the same body', async () => {
    const { wcId, friend } = await account();
    failNext = 1;
    const written = await t.gateway.sim.customerWrites(wcId, friend, 'retry me');
    expect(written.delivered).toBe(false);
    await expect.poll(() => receiver.received.filter((r) => r.body.includes(written.msgId)).length).toBe(2);
    const [a, b] = receiver.received.filter((r) => r.body.includes(written.msgId));
    expect(a?.body).toBe(b?.body);
    expect(b && signed(b)).toBe(true);
  });

  it('posts to the console’s own callback route unless told otherwise', async () => {
    const { wcId, friend } = await account();
    const sim = new GatewaySimulator({
      sql: t.database.sql,
      callbackSecret: t.gateway.config.callbackSecret,
      baseUrl: () => t.gateway.baseUrl,
      consoleUrl: () => receiver.url,
      options: { callbackRetries: 0 },
    });
    const written = await sim.customerWrites(wcId, friend, 'to the console');
    const request = await receiver.waitFor((r) => r.body.includes(written.msgId));
    expect(request.url).toBe(CALLBACK_PATH);
    await sim.stop();
  });
});
