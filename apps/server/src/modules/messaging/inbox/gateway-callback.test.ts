import type { ChatAccount } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertAccount } from '@agent-console/server/test/fixtures/chat-account';
import { logInThroughSimulator } from '@agent-console/server/test/fixtures/login-flow';
import { customerWithRecipient, saveMailSettings } from '@agent-console/server/test/fixtures/mail-recipient';
import { useSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatAccounts, chatContacts, chatMessages, operationLogs } from '../../../db/schema';
import {
  SIGNATURE_HEADER,
  signCallback,
  TIMESTAMP_HEADER,
} from '../../../integrations/messaging-gateway/callback-signature';
import { WKT_CALLBACK } from '../../../integrations/messaging-gateway/wkteam-wire';
import { CALLBACK_PATH } from './gateway-callback.routes';
import { FRIEND_REQUEST_ID_PREFIX } from './message-log';

const peer = useSmtpPeer();
const { t, admin, f } = useAdminApp({ gateway: true });

beforeAll(async () => {
  await saveMailSettings(f, peer);
});

const sim = () => t.gateway.sim;
const secret = () => t.gateway.config.callbackSecret;

/** A WKTeam-style private text message callback, as the gateway posts it. */
function textCallback(wcId: string, fromUser: string, content: string, msgId: string, at = new Date()) {
  return JSON.stringify({
    wcId,
    account: 'acct',
    messageType: WKT_CALLBACK.privateText,
    data: { fromUser, toUser: wcId, newMsgId: msgId, timestamp: Math.floor(at.getTime() / 1000), content },
  });
}

function post(body: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: CALLBACK_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

function signed(body: string, timestamp = Date.now()) {
  return post(body, {
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signCallback(secret(), timestamp, body),
  });
}

const messagesOf = (accountId: number) =>
  t.database.db.select().from(chatMessages).where(eq(chatMessages.accountId, accountId)).orderBy(asc(chatMessages.id));

/** An account logged in on the simulator, with one of its friends on the phone. */
async function accountWithFriend(query = 'region=3'): Promise<{ account: ChatAccount; friend: string }> {
  const account = await logInThroughSimulator(t, admin(), query);
  const friend = await sim().addContact(account.wcId, { type: 'friend' });
  return { account, friend: friend.wcId };
}

describe('gateway callback: signature', () => {
  it('refuses an unsigned, wrongly signed, tampered or stale callback with A0301 and stores nothing', async () => {
    const { account, friend } = await accountWithFriend();
    const body = textCallback(account.wcId, friend, 'hello', 'sig-1');
    const now = Date.now();
    const attempts = [
      post(body),
      post(body, { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: signCallback('not-the-secret', now, body) }),
      // Signed for another body.
      post(body, {
        [TIMESTAMP_HEADER]: String(now),
        [SIGNATURE_HEADER]: signCallback(secret(), now, body.replace('hello', 'hellO')),
      }),
      // Six minutes old: a replay.
      signed(body, now - 6 * 60_000),
      post(body, { [TIMESTAMP_HEADER]: 'soon', [SIGNATURE_HEADER]: 'sha256=00' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'A0301' });
    }
    expect(await messagesOf(account.id)).toEqual([]);
    // The same body, signed now, is taken.
    const ok = await signed(body);
    expect(ok.json()).toEqual({ code: '00000', message: expect.any(String), data: { result: 'stored' } });
    expect(await messagesOf(account.id)).toHaveLength(1);
  });

  it('never answers 5xx, whatever the body; bodies it cannot use are refused or ignored', async () => {
    const { account } = await accountWithFriend();
    const cases: [string, number, string][] = [
      ['{"wcId":', 400, 'A0427'],
      ['', 400, 'A0427'],
      ['[1,2,3]', 200, '00000'],
      [JSON.stringify({ wcId: account.wcId, messageType: '99999', data: {} }), 200, '00000'],
      [
        JSON.stringify({ wcId: account.wcId, messageType: WKT_CALLBACK.privateText, data: { content: 1 } }),
        200,
        '00000',
      ],
      ['a\u0000b', 400, 'A0400'],
    ];
    for (const [body, status, code] of cases) {
      const res = await signed(body);
      expect(res.statusCode, body).toBe(status);
      expect(res.json(), body).toMatchObject({ code });
    }
    // Another content type still reaches the signature check rather than a parser error.
    const xml = await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.json()).toMatchObject({ code: 'A0301' });
    expect(await messagesOf(account.id)).toEqual([]);
    // Gateway events are not operation-log rows.
    await t.app.auditSettled();
    expect(await t.database.db.select().from(operationLogs).where(eq(operationLogs.path, CALLBACK_PATH))).toEqual([]);
  });

  it('answers A0420 naming the field for a number out of its range, and stores nothing (issue 31, hole 6)', async () => {
    const { account, friend } = await accountWithFriend();
    const bodies: [string, Record<string, unknown>][] = [
      [WKT_CALLBACK.privateText, { fromUser: friend, toUser: account.wcId, newMsgId: 'r-1', content: 'hi' }],
      [WKT_CALLBACK.offline, { reason: 'regionMismatch' }],
      [WKT_CALLBACK.friendRequest, { v1: 'v3_a@stranger', v2: 'v4_b@stranger', scene: 3 }],
    ];
    for (const [messageType, data] of bodies) {
      for (const [value, reason] of [
        [1e20, 'tooBig'],
        [1e300, 'tooBig'],
        [-1e15, 'tooSmall'],
      ] as const) {
        const body = JSON.stringify({ wcId: account.wcId, messageType, data: { ...data, timestamp: value } });
        const res = await signed(body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json(), body).toMatchObject({
          code: 'A0420',
          data: { fields: [{ field: 'data.timestamp', reason }] },
        });
      }
    }
    const huge = JSON.stringify({
      wcId: account.wcId,
      messageType: WKT_CALLBACK.privateText,
      data: { fromUser: friend, newMsgId: 1e300, content: 'hi' },
    });
    expect((await signed(huge)).json()).toMatchObject({
      code: 'A0420',
      data: { fields: [{ field: 'data.newMsgId' }] },
    });
    expect(await messagesOf(account.id)).toEqual([]);
    const [row] = await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id));
    expect(row?.loginStatus).toBe(account.loginStatus);
  });

  it('answers any body, signed or not, with an envelope and never a 5xx (property)', async () => {
    const { account, friend } = await accountWithFriend();
    const wire = fc.record({
      wcId: fc.oneof(fc.constant(account.wcId), fc.string({ maxLength: 40 })),
      messageType: fc.oneof(fc.constantFrom(...Object.values(WKT_CALLBACK)), fc.string({ maxLength: 6 })),
      data: fc.oneof(
        fc.record(
          { fromUser: fc.oneof(fc.constant(friend), fc.string()), newMsgId: fc.string(), content: fc.string() },
          { requiredKeys: [] },
        ),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue()),
      ),
    });
    const body = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v) ?? ''),
      wire.map((w) => JSON.stringify(w)),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (text, sign) => {
        const res = sign ? await signed(text) : await post(text);
        expect(res.statusCode, text).toBeLessThan(500);
        expect(res.json().code, text).toMatch(/^(00000|A\d{4})$/);
        if (!sign) expect(res.statusCode, text).toBe(401);
      }),
      { numRuns: 150 },
    );
  });

  it('answers 200 "ignored" for an account this console does not have, so the gateway stops retrying', async () => {
    const res = await signed(textCallback('wxid_nobody_here', 'wxid_someone', 'hi', 'x-1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '00000', data: { result: 'ignored' } });
  });
});

describe('gateway callback: messages', () => {
  it('stores a message the customer writes on the simulator: direction in, source gateway, the contact linked', async () => {
    const { account, friend } = await accountWithFriend();
    const [contact] = await t.database.db
      .insert(chatContacts)
      .values({ customerId: account.customerId, accountId: account.id, wcId: friend, nickname: 'Friend' })
      .returning();
    const at = new Date(Date.now() - 30_000);
    const written = await sim().customerWrites(account.wcId, friend, 'Do you ship to Hangzhou?', { at });
    expect(written.delivered).toBe(true);
    const [m] = await messagesOf(account.id);
    expect(m).toMatchObject({
      customerId: account.customerId,
      contactId: contact?.id,
      peerWcId: friend,
      senderWcId: null,
      direction: 'in',
      type: 'text',
      content: 'Do you ship to Hangzhou?',
      gatewayMsgId: written.msgId,
      status: 'received',
      source: 'gateway',
      redeliveries: 0,
    });
    // The message's own time (WKTeam stamps seconds), not the time it arrived.
    expect(m?.sentAt?.getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
  });

  it('stores the same message id once, counting the redelivery', async () => {
    const { account, friend } = await accountWithFriend();
    await sim().customerWrites(account.wcId, friend, 'Same id', { msgId: 'dup-1' });
    const again = await sim().customerWrites(account.wcId, friend, 'Same id', { msgId: 'dup-1' });
    expect(again.delivered).toBe(true);
    const rows = await messagesOf(account.id);
    expect(rows.map((r) => [r.gatewayMsgId, r.redeliveries])).toEqual([['dup-1', 1]]);
  });

  it('stores a redelivery with a new id 6 s later (by the message time) once; 11 s later it is a new message', async () => {
    const { account, friend } = await accountWithFriend();
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const later = (s: number) => new Date(t0.getTime() + s * 1000);
    await sim().customerWrites(account.wcId, friend, 'How much is it?', { msgId: 'a-1', at: t0 });
    await sim().customerWrites(account.wcId, friend, 'How much is it?', { msgId: 'a-2', at: later(6) });
    let rows = await messagesOf(account.id);
    expect(rows.map((r) => [r.gatewayMsgId, r.redeliveries])).toEqual([['a-1', 1]]);

    await sim().customerWrites(account.wcId, friend, 'How much is it?', { msgId: 'a-3', at: later(11) });
    rows = await messagesOf(account.id);
    expect(rows.map((r) => [r.gatewayMsgId, r.redeliveries])).toEqual([
      ['a-1', 1],
      ['a-3', 0],
    ]);
    // Other content, or another sender, within the window is a message of its own.
    await sim().customerWrites(account.wcId, friend, 'How much is it??', { msgId: 'a-4', at: later(12) });
    const other = await sim().addContact(account.wcId, { type: 'friend' });
    await sim().customerWrites(account.wcId, other.wcId, 'How much is it?', { msgId: 'a-5', at: later(12) });
    rows = await messagesOf(account.id);
    expect(rows.map((r) => r.gatewayMsgId)).toEqual(['a-1', 'a-3', 'a-4', 'a-5']);
  });

  it('keeps two deliveries arriving together to one row', async () => {
    const { account, friend } = await accountWithFriend();
    const at = new Date(Date.now() - 5_000);
    const bodies = ['b-1', 'b-2', 'b-3'].map((id) => textCallback(account.wcId, friend, 'At once', id, at));
    const answers = await Promise.all(bodies.map((b) => signed(b)));
    expect(answers.map((a) => a.json().data.result).sort()).toEqual(['duplicate', 'duplicate', 'stored']);
    const rows = await messagesOf(account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.redeliveries).toBe(2);
  });

  it('records a friend request in the log with its ticket, once', async () => {
    const { account } = await accountWithFriend();
    const request = await sim().friendRequest(account.wcId, { nickname: 'Lily Chen', greeting: 'Hi, from the fair' });
    expect(request.delivered).toBe(true);
    const rows = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.accountId, account.id), eq(chatMessages.type, 'friendRequest')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      peerWcId: request.fromWcId,
      content: 'Lily Chen',
      direction: 'in',
      source: 'gateway',
      gatewayMsgId: `${FRIEND_REQUEST_ID_PREFIX}${request.ticket}`,
    });
  });
});

describe('gateway callback: status', () => {
  it('a drop takes the account offline with the gateway’s reason and mails the customer once', async () => {
    const c = await customerWithRecipient(t, f);
    const { account } = await accountWithFriend(`region=3&customerId=${c.customerId}`);
    expect(await sim().drop(account.wcId, 'loggedOutOnPhone')).toEqual({ delivered: true });
    const [row] = await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id));
    expect(row).toMatchObject({ loginStatus: 'offline', offlineReason: 'loggedOutOnPhone' });
    const mail = await peer.waitFor((m) => m.to.includes(c.email));
    expect(mail.subject).toContain(account.nickname);
    expect(mail.text).toContain('has gone offline');
    // The same drop reported again (a redelivery, or a sync) changes nothing and mails nobody.
    const replay = JSON.stringify({
      wcId: account.wcId,
      messageType: WKT_CALLBACK.offline,
      data: { reason: 'loggedOutOnPhone', timestamp: Math.floor(Date.now() / 1000) },
    });
    expect((await signed(replay)).json()).toMatchObject({ data: { result: 'unchanged' } });
    await f.ok('GET', `/api/v3/account/syncWktWechatLoginStatus?id=${account.id}`);
    expect(peer.received.filter((m) => m.to.includes(c.email))).toHaveLength(1);
  });

  it('removing an account logs it out at the gateway, and the gateway’s offline callback mails nobody', async () => {
    const c = await customerWithRecipient(t, f);
    const { account } = await accountWithFriend(`region=3&customerId=${c.customerId}`);
    expect(await t.gateway.adapter.status(account.wcId)).toMatchObject({ online: true });
    const removed = await f.ok<{ affected: number }>('GET', `/api/v3/account/delete/${account.id}`);
    expect(removed.affected).toBe(1);
    // The logout reached the gateway, whose callback about it was answered before the logout was.
    expect(await t.gateway.adapter.status(account.wcId)).toMatchObject({ online: false });
    expect(await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id))).toEqual([]);
    expect(peer.received.filter((m) => m.to.includes(c.email))).toEqual([]);
  });

  it('ignores a drop reported for a time before the account’s last login', async () => {
    const account = await insertAccount(t, { customerId: await f.customer(), lastLoginAt: new Date() });
    const stale = JSON.stringify({
      wcId: account.wcId,
      messageType: WKT_CALLBACK.offline,
      data: { reason: 'firstDayDrop', timestamp: Math.floor(Date.now() / 1000) - 120 },
    });
    expect((await signed(stale)).json()).toMatchObject({ data: { result: 'unchanged' } });
    const [row] = await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id));
    expect(row?.loginStatus).toBe('online');
    // Unknown reasons are stored as `unknown`.
    const fresh = stale
      .replace('firstDayDrop', 'cosmic rays')
      .replace(/"timestamp":\d+/, `"timestamp":${Math.floor(Date.now() / 1000) + 1}`);
    expect((await signed(fresh)).json()).toMatchObject({ data: { result: 'applied' } });
    const [after] = await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id));
    expect(after).toMatchObject({ loginStatus: 'offline', offlineReason: 'unknown' });
  });
});
