import {
  CHAT_ADDRESS_PERMISSIONS,
  CHAT_MESSAGE_PERMISSIONS,
  type ChatSendBatch,
  fieldLabel,
  type SendBudget,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { readySimAccount } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertChatAccount, insertContacts, waitUntil } from '@agent-console/server/test/fixtures/chat';
import { makePdf, type Part, postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, chatSendBatches, storedObjects } from '../../../db/schema';
import { sealFileLink } from './file-link';
import { RESERVE_REASON } from './pacing-governor';

/**
 * Batch messages through the real adapter against the simulator: texts and files delivered and
 * recorded with the gateway's ids, a gateway whose sends fail shows failures, the daily cap of a
 * new account, every bad input refused naming the field with nothing stored or sent, permissions
 * and scope, and the file link the gateway fetches. Pacing under a rate limit and the back-off are
 * in send-pacing.test.ts.
 */
const { t, admin, f } = useAdminApp({
  jobs: true,
  gateway: { simulator: { contactCount: 12, minGapMs: 20, windowMs: 1000, windowMax: 40 } },
  pacing: {
    minGapMs: 40,
    jitterMs: 30,
    perCharMs: 0.1,
    maxTypingMs: 20,
    dailyCap: 8,
    warmUp: [{ withinHours: 24, cap: 3 }],
    backoffBaseMs: 300,
    backoffMaxMs: 2000,
  },
});

const M = '/api/v3/message';

/** An online simulated account with its contacts initialised; friends first. */
async function readyAccount(firstLoginAt?: Date) {
  const { account, friends } = await readySimAccount(t, f, await f.customer(), firstLoginAt ? { firstLoginAt } : {});
  return { account, contacts: friends };
}

const batch = (id: number, token = admin()) => f.ok<ChatSendBatch>('GET', `${M}/batch/${id}`, undefined, token);
const finished = (id: number) =>
  waitUntil(
    () => batch(id),
    (b) => b.status === 'completed',
    60_000,
    `batch ${id}`,
  );

const filePart = (filename: string, data: Buffer): Part => ({ name: 'files', filename, data });
const sendFile = (accountId: number | string, contactIds: number[] | string, files: Part[], token = admin()) =>
  postMultipart<ChatSendBatch>(t, `${M}/sendFile`, token, [
    { name: 'accountId', value: String(accountId) },
    { name: 'contactIds', value: Array.isArray(contactIds) ? contactIds.join(',') : contactIds },
    ...files,
  ]);

describe('batch messages', () => {
  it('sends a text to every recipient through the gateway, recording its message ids', async () => {
    const { account, contacts } = await readyAccount();
    const to = contacts.slice(0, 4);
    const started = await f.ok<ChatSendBatch>('POST', `${M}/sendText`, {
      accountId: account.id,
      contactIds: to.map((c) => c.id),
      content: '  新品上架，欢迎咨询 New arrivals  ',
    });
    expect(started).toMatchObject({ accountId: account.id, type: 'text', status: 'running', total: 4 });
    expect(started.results.map((r) => r.contactId)).toEqual(to.map((c) => c.id));
    const done = await finished(started.batchId);
    expect(done).toMatchObject({ status: 'completed', sent: 4, failed: 0 });
    for (const r of done.results) expect(r).toMatchObject({ status: 'sent', reason: null, sentAt: expect.any(String) });

    const sent = await t.gateway.sim.sent(account.wcId);
    expect(sent.map((s) => s.to).sort()).toEqual(to.map((c) => c.wcId).sort());
    for (const s of sent) expect(s).toMatchObject({ type: 'text', content: '新品上架，欢迎咨询 New arrivals' });
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.batchId, started.batchId));
    expect(rows.map((r) => r.gatewayMsgId).sort()).toEqual(sent.map((s) => s.msgId).sort());
    for (const r of rows) expect(r).toMatchObject({ direction: 'out', source: 'batch', status: 'sent' });
  });

  it('sends files by a link the simulator fetches, each file to each recipient', async () => {
    const { account, contacts } = await readyAccount();
    const to = contacts.slice(0, 2);
    const pdf = makePdf(['Price list 价目表']);
    const text = Buffer.from('Opening hours: 9:00-18:00\n营业时间\n');
    const res = await sendFile(
      account.id,
      to.map((c) => c.id),
      [filePart('价目表 price-list.pdf', pdf), filePart('hours.txt', text)],
    );
    expect(res.body.code).toBe('00000');
    const done = await finished(res.body.data.batchId);
    expect(done).toMatchObject({ type: 'file', total: 2, sent: 2, failed: 0 });
    const sent = await t.gateway.sim.sent(account.wcId);
    expect(sent).toHaveLength(4);
    for (const c of to) {
      const mine = sent.filter((s) => s.to === c.wcId);
      expect(mine.map((s) => [s.type, s.fileName, s.fileSize])).toEqual([
        ['file', '价目表 price-list.pdf', pdf.length],
        ['file', 'hours.txt', text.length],
      ]);
    }
    const stored = await t.database.db.select().from(storedObjects).where(eq(storedObjects.purpose, 'message-file'));
    expect(stored.filter((o) => o.customerId === account.customerId)).toHaveLength(2);
  });

  it('a gateway that fails sends while online shows every failure with its reason, never a success', async () => {
    const { account, contacts } = await readyAccount();
    await t.gateway.sim.setSendsFail(account.wcId, true);
    const started = await f.ok<ChatSendBatch>('POST', `${M}/sendText`, {
      accountId: account.id,
      contactIds: contacts.slice(0, 3).map((c) => c.id),
      content: 'hello',
    });
    const done = await finished(started.batchId);
    expect(done).toMatchObject({ sent: 0, failed: 3 });
    for (const r of done.results) {
      expect(r.status).toBe('failed');
      expect(r.reason).toBeTruthy();
      expect(r.sentAt).toBeNull();
    }
    expect(await t.gateway.sim.sent(account.wcId)).toEqual([]);
    const refusals = await t.gateway.sim.refusals(account.wcId);
    expect(refusals.map((r) => r.reason)).toEqual(['sendFailed', 'sendFailed', 'sendFailed']);
  });

  it('a new account’s cap is lower, and a batch stops at the reply reserve: the rest waits, a reply still goes', async () => {
    const young = await readyAccount(new Date(Date.now() - 3_600_000));
    const started = await f.ok<ChatSendBatch>('POST', `${M}/sendText`, {
      accountId: young.account.id,
      contactIds: young.contacts.slice(0, 5).map((c) => c.id),
      content: 'welcome',
    });
    // Cap 3 while new; the default reserve (30 %) keeps 1 of them for replies.
    const held = await waitUntil(
      () => batch(started.batchId),
      (b) =>
        b.results.filter((r) => r.status === 'sent').length === 2 &&
        b.results.every((r) => r.reason !== null || r.status === 'sent'),
      60_000,
      `batch ${started.batchId} at the reserve`,
    );
    expect(held.results.filter((r) => r.status === 'queued')).toHaveLength(3);
    for (const r of held.results.filter((x) => x.status === 'queued')) expect(r.reason).toBe(RESERVE_REASON);
    const [account] = await f
      .ok<{ list: { id: number; risk: { budget: SendBudget } }[] }>('POST', '/api/v3/account/list/page', {
        keyword: young.account.account,
      })
      .then((p) => p.list);
    expect(account?.risk.budget).toEqual({
      dailyCap: 3,
      sentToday: 2,
      replyReserve: 1,
      campaignQueued: 3,
      campaignLeft: 0,
    });

    // A reply written by hand takes the reserved send; the campaign still waits, and the cap is reached.
    await f.ok('POST', '/api/v3/address/conversation/reply', {
      contactId: young.contacts[5]?.id,
      content: 'a reply',
    });
    await waitUntil(
      () => t.gateway.sim.sent(young.account.wcId),
      (sent) => sent.length === 3,
      60_000,
      'the reply sent',
    );
    expect((await batch(started.batchId)).results.filter((r) => r.status === 'queued')).toHaveLength(3);

    const established = await readyAccount();
    const other = await f.ok<ChatSendBatch>('POST', `${M}/sendText`, {
      accountId: established.account.id,
      contactIds: established.contacts.slice(0, 5).map((c) => c.id),
      content: 'welcome',
    });
    expect(await finished(other.batchId)).toMatchObject({ sent: 5, failed: 0 });
  });
});

describe('batch message input', () => {
  it('refuses every bad input naming the field, and then nothing is stored or sent', async () => {
    const { account, contacts } = await readyAccount();
    const ids = contacts.slice(0, 2).map((c) => c.id);
    const stranger = await insertContacts(t, await insertChatAccount(t, { customerId: account.customerId }), 1);
    const [gone] = await insertContacts(t, account, 1, { gone: true });
    const offline = await insertChatAccount(t, { customerId: account.customerId, loginStatus: 'offline' });
    const [offlineContact] = await insertContacts(t, offline, 1);
    const objectsBefore = (await t.database.db.select({ n: count() }).from(storedObjects))[0]?.n;

    const texts: [unknown, string, string, string?][] = [
      [{ accountId: account.id, contactIds: ids, content: '' }, 'A0410', 'content'],
      [{ accountId: account.id, contactIds: ids, content: '   ' }, 'A0410', 'content'],
      [{ accountId: account.id, contactIds: ids }, 'A0410', 'content'],
      [{ accountId: account.id, contactIds: ids, content: 'x'.repeat(2001) }, 'A0420', 'content'],
      [{ accountId: account.id, contactIds: [], content: 'hi' }, 'A0420', 'contactIds'],
      [
        { accountId: account.id, contactIds: Array.from({ length: 1001 }, (_, i) => i + 1), content: 'hi' },
        'A0420',
        'contactIds',
      ],
      [{ accountId: account.id, contactIds: [...ids, stranger[0]?.id], content: 'hi' }, 'A0400', 'contactIds'],
      [{ accountId: account.id, contactIds: [gone?.id], content: 'hi' }, 'A0400', 'contactIds'],
      [{ accountId: account.id, contactIds: [999_999_999], content: 'hi' }, 'A0400', 'contactIds'],
      [{ accountId: offline.id, contactIds: [offlineContact?.id], content: 'hi' }, 'A0440', 'accountId'],
      [{ contactIds: ids, content: 'hi' }, 'A0410', 'accountId'],
    ];
    for (const [body, code, field] of texts) {
      const res = await t.call('POST', `${M}/sendText`, { token: admin(), body });
      expect(res.body.code, JSON.stringify(body).slice(0, 100)).toBe(code);
      expect(res.body.message).toContain(fieldLabel(field, 'en'));
    }

    const pdf = makePdf(['menu']);
    const four = await sendFile(
      account.id,
      ids,
      [1, 2, 3, 4].map((i) => filePart(`f${i}.pdf`, pdf)),
    );
    expect(four.body).toMatchObject({ code: 'A0420', data: { fields: [{ field: 'files', reason: 'tooManyFiles' }] } });
    expect(four.body.message).toBe('Files may hold at most 3 files');

    const big = Buffer.concat([pdf, Buffer.alloc(Math.round(3.1 * 1024 * 1024))]);
    const tooBig = await sendFile(account.id, ids, [filePart('menu.pdf', pdf), filePart('big catalogue.pdf', big)]);
    expect(tooBig.body.code).toBe('A0702');
    expect(tooBig.body.data).toMatchObject({
      fields: [{ field: 'files', reason: 'fileOver3MB', subject: 'big catalogue.pdf' }],
    });
    expect(tooBig.body.message).toContain('big catalogue.pdf');
    expect(tooBig.body.message).toContain('3MB');

    const unsafe = await sendFile(account.id, ids, [filePart('a:b?.pdf', pdf)]);
    expect(unsafe.body.code).toBe('A0400');
    expect(unsafe.body.data).toMatchObject({
      fields: [{ field: 'files', reason: 'unsafeFileName', subject: 'a:b?.pdf', detail: ': ?' }],
    });
    expect(unsafe.body.message).toBe('Files “a:b?.pdf” has a name with characters that are not allowed: : ?');
    const zh = await postMultipart(
      t,
      `${M}/sendFile`,
      admin(),
      [
        { name: 'accountId', value: String(account.id) },
        { name: 'contactIds', value: ids.join(',') },
        filePart('.hidden.pdf', pdf),
      ],
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.body.message).toBe('文件“.hidden.pdf”的名称含有不允许的字符：.');

    const none = await sendFile(account.id, ids, []);
    expect(none.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'files' }] } });
    const exe = await sendFile(account.id, ids, [filePart('setup.pdf', Buffer.from('MZ\x90\x00binary program'))]);
    expect(exe.body).toMatchObject({ code: 'A0701', data: { fields: [{ field: 'files', subject: 'setup.pdf' }] } });
    const manyIds = await sendFile(
      account.id,
      Array.from({ length: 1001 }, (_, i) => i + 1),
      [filePart('menu.pdf', pdf)],
    );
    expect(manyIds.body.code).toBe('A0420');
    expect(manyIds.body.message).toContain(fieldLabel('contactIds', 'en'));
    const badIds = await sendFile(account.id, '1,x', [filePart('menu.pdf', pdf)]);
    expect(badIds.body.code).toBe('A0400');
    const notMine = await sendFile(account.id, [stranger[0]?.id as number], [filePart('menu.pdf', pdf)]);
    expect(notMine.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'contactIds' }] } });
    const json = await t.call('POST', `${M}/sendFile`, {
      token: admin(),
      body: { accountId: account.id, contactIds: ids },
    });
    expect(json.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'files' }] } });

    // Nothing was stored, queued or sent by any of these.
    expect((await t.database.db.select({ n: count() }).from(storedObjects))[0]?.n).toBe(objectsBefore);
    for (const a of [account.id, offline.id]) {
      expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.accountId, a))).toEqual([]);
      expect(await t.database.db.select().from(chatSendBatches).where(eq(chatSendBatches.accountId, a))).toEqual([]);
    }
    expect(await t.gateway.sim.sent(account.wcId)).toEqual([]);
    expect(await t.gateway.sim.refusals(account.wcId)).toEqual([]);
  });
});

describe('batch message permissions and scope', () => {
  it('answers A0312 without the permission and A0404 for another customer’s account or batch', async () => {
    const { account, contacts } = await readyAccount();
    const ids = contacts.slice(0, 1).map((c) => c.id);
    const mine = await f.ok<ChatSendBatch>('POST', `${M}/sendText`, {
      accountId: account.id,
      contactIds: ids,
      content: 'hi',
    });
    await finished(mine.batchId);
    const pdf = makePdf(['x']);

    /** The codes `token` is answered when it sends a text, sends a file and reads the batch. */
    const codesFor = async (token: string) => [
      (
        await t.call('POST', `${M}/sendText`, {
          token,
          body: { accountId: account.id, contactIds: ids, content: 'hi' },
        })
      ).body.code,
      (await sendFile(account.id, ids, [filePart('a.pdf', pdf)], token)).body.code,
      (await t.call('GET', `${M}/batch/${mine.batchId}`, { token })).body.code,
    ];

    const nobody = await f.member([CHAT_ADDRESS_PERMISSIONS.list]);
    expect(await codesFor(nobody.token)).toEqual(['A0312', 'A0312', 'A0312']);

    const other = await f.member([CHAT_MESSAGE_PERMISSIONS.send]);
    expect(await codesFor(other.token)).toEqual(['A0404', 'A0404', 'A0404']);
    expect(await t.gateway.sim.sent(account.wcId)).toHaveLength(1);

    const colleague = await f.member([CHAT_MESSAGE_PERMISSIONS.send], 3, account.customerId);
    expect((await batch(mine.batchId, colleague.token)).sent).toBe(1);
  });
});

describe('file links for the gateway', () => {
  it('serve the file without a session while the token is fresh, and nothing otherwise', async () => {
    const { account, contacts } = await readyAccount();
    const data = makePdf(['link']);
    const res = await sendFile(account.id, [contacts[0]?.id as number], [filePart('link.pdf', data)]);
    await finished(res.body.data.batchId);
    const [object] = await t.database.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.customerId, account.customerId));
    if (!object) throw new Error('no stored file');
    const token = sealFileLink(t.secretBox, object.id);
    const ok = await t.app.inject({ method: 'GET', url: `/api/gateway/file/${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(data)).toBe(true);
    expect(ok.headers['content-disposition']).toContain('link.pdf');

    const expired = sealFileLink(t.secretBox, object.id, new Date(Date.now() - 11 * 60_000));
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [expired, altered, 'v1.x.y.z', 'nothing']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/gateway/file/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.rawPayload.includes(data)).toBe(false);
    }
  });
});
