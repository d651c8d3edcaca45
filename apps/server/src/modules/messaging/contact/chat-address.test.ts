import {
  CHAT_ADDRESS_PERMISSIONS,
  type Contact,
  type ContactInitProgress,
  type ContactLabel,
  fieldLabel,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import {
  accountRow,
  insertChatAccount,
  insertContacts,
  simAccount,
  waitUntil,
} from '@agent-console/server/test/fixtures/chat';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatAccounts, chatContacts } from '../../../db/schema';

/**
 * Contacts through the real adapter against the simulator: initialisation with progress, a
 * re-initialisation that updates and marks gone, labels, filters, relationships; and every call
 * refused without its permission, across customers, and on bad input.
 */
const { t, admin, f } = useAdminApp({ jobs: true, gateway: { simulator: { contactCount: 24 } } });

type Page = { list: Contact[]; total: number };
const A = '/api/v3/address';
const page = (body: Record<string, unknown>, token = admin()) => f.ok<Page>('POST', `${A}/list/page`, body, token);
const progress = (accountId: number, token = admin()) =>
  f.ok<ContactInitProgress>('GET', `${A}/initAddressList/${accountId}`, undefined, token);
const contactRows = (accountId: number) =>
  t.database.db.select().from(chatContacts).where(eq(chatContacts.accountId, accountId));

async function initialise(accountId: number, token = admin()): Promise<ContactInitProgress> {
  const started = await f.ok<ContactInitProgress>('POST', `${A}/initAddressList`, { accountId }, token);
  expect(['queued', 'running']).toContain(started.status);
  return waitUntil(
    () => progress(accountId, token),
    (p) => p.status === 'completed' || p.status === 'failed',
    30_000,
    'the initialisation',
  );
}

describe('contact initialisation', () => {
  it('runs to completed with progress, storing the simulator’s contacts and labels', async () => {
    const account = await simAccount(t, { customerId: await f.customer() });
    const done = await initialise(account.id);
    // The simulator generates a phone's address list when it is first loaded.
    const onPhone = await t.gateway.sim.contactsOf(account.wcId);
    expect(onPhone.length).toBeGreaterThanOrEqual(24);
    expect(done).toMatchObject({ status: 'completed', processed: onPhone.length, total: onPhone.length, error: null });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    const row = await accountRow(t, account.id);
    expect(row?.contactsInitializedAt).not.toBeNull();
    expect(row?.contactsTotal).toBe(onPhone.length);

    const all = await page({ accountId: account.id, pageSize: 100 });
    expect(all.total).toBe(onPhone.length);
    expect(new Set(all.list.map((c) => c.wcId))).toEqual(new Set(onPhone.map((c) => c.wcId)));
    for (const c of all.list) {
      expect(c).toMatchObject({ accountId: account.id, accountWcId: account.wcId, accountLogin: account.account });
      expect(c.relationship).toBe('default');
    }
    const byWcId = new Map(all.list.map((c) => [c.wcId, c]));
    for (const c of onPhone) {
      expect(byWcId.get(c.wcId)).toMatchObject({ nickname: c.nickname, type: c.type, gender: c.gender });
    }

    const labels = await f.ok<ContactLabel[]>('GET', `/api/v3/label/getLabelList?accountId=${account.id}`);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      expect(label.contactCount).toBe(all.list.filter((c) => c.labels.includes(label.name)).length);
    }
  });

  it('is idempotent while it runs, and a re-initialisation updates, never duplicates, and marks gone', async () => {
    const account = await simAccount(t, { customerId: await f.customer() });
    const first = await f.ok<ContactInitProgress>('POST', `${A}/initAddressList`, { accountId: account.id });
    const again = await f.ok<ContactInitProgress>('POST', `${A}/initAddressList`, { accountId: account.id });
    expect(again.startedAt).toBe(first.startedAt);
    await waitUntil(
      () => progress(account.id),
      (p) => p.status === 'completed',
    );
    const before = await contactRows(account.id);
    const [leaving, staying] = before;
    if (!leaving || !staying) throw new Error('too few contacts');
    // People set relationships here; a re-initialisation keeps them.
    await f.ok('POST', `${A}/setRelationship`, { ids: [staying.id], relationship: 'colleague' });
    await t.gateway.sim.removeContact(account.wcId, leaving.wcId);
    const newcomer = await t.gateway.sim.addContact(account.wcId, { nickname: '新朋友 Newcomer', type: 'friend' });

    expect((await initialise(account.id)).status).toBe('completed');
    const after = await contactRows(account.id);
    expect(after.length).toBe(before.length + 1);
    expect(new Set(after.map((c) => c.wcId)).size).toBe(after.length);
    const byWcId = new Map(after.map((c) => [c.wcId, c]));
    expect(byWcId.get(leaving.wcId)?.goneAt).not.toBeNull();
    expect(byWcId.get(leaving.wcId)?.id).toBe(leaving.id);
    expect(byWcId.get(staying.wcId)).toMatchObject({ id: staying.id, relationship: 'colleague', goneAt: null });
    expect(byWcId.get(newcomer.wcId)).toMatchObject({ nickname: '新朋友 Newcomer', relationship: 'default' });

    const live = await page({ accountId: account.id, pageSize: 100 });
    expect(live.total).toBe(before.length);
    expect(live.list.some((c) => c.wcId === leaving.wcId)).toBe(false);
    const withGone = await page({ accountId: account.id, pageSize: 100, includeGone: true });
    expect(withGone.total).toBe(before.length + 1);
    expect(withGone.list.find((c) => c.wcId === leaving.wcId)?.gone).toBe(true);
    expect((await accountRow(t, account.id))?.contactsTotal).toBe(before.length);

    // A contact who comes back is live again, the same row.
    await t.gateway.sim.addContact(account.wcId, { wcId: leaving.wcId, nickname: leaving.nickname });
    await initialise(account.id);
    const back = (await contactRows(account.id)).find((c) => c.wcId === leaving.wcId);
    expect(back).toMatchObject({ id: leaving.id, goneAt: null });
  });

  it('a gateway that refuses stores the reason as "failed"; an offline account is refused at once', async () => {
    const account = await simAccount(t, { customerId: await f.customer() });
    // Dropped at the gateway while the console still thinks it online: the drop's callback has
    // been handled (it marks the account offline), then the row says online again, as it would
    // when the callback was lost.
    await t.gateway.sim.drop(account.wcId, 'loggedOutOnPhone');
    await t.database.db.update(chatAccounts).set({ loginStatus: 'online' }).where(eq(chatAccounts.id, account.id));
    const failed = await initialise(account.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    expect(failed.finishedAt).not.toBeNull();
    expect(await contactRows(account.id)).toEqual([]);

    const offline = await insertChatAccount(t, { customerId: await f.customer(), loginStatus: 'offline' });
    const res = await t.call('POST', `${A}/initAddressList`, { token: admin(), body: { accountId: offline.id } });
    expect(res.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'accountId', reason: 'accountOffline' }] },
    });
    expect(res.body.message).toContain(fieldLabel('accountId', 'en'));
    expect((await accountRow(t, offline.id))?.contactsInitStatus).toBe('none');
  });
});

describe('contact list, labels and relationships', () => {
  it('filters by keyword, label, type, relationship and gender, sorts and pages', async () => {
    const account = await insertChatAccount(t, { customerId: await f.customer() });
    const [a, b, c] = await insertContacts(t, account, 3, { labels: ['VIP'] });
    const [g] = await insertContacts(t, account, 1, { type: 'group' });
    await insertContacts(t, account, 1, { gone: true });
    if (!a || !b || !c || !g) throw new Error('fixture');
    await t.database.db
      .update(chatContacts)
      .set({ nickname: 'Zhang San 张三', gender: 'male' })
      .where(eq(chatContacts.id, a.id));
    await f.ok('POST', `${A}/setRelationship`, { ids: [b.id], relationship: 'silent' });

    const ids = async (body: Record<string, unknown>) =>
      (await page({ accountId: account.id, ...body })).list.map((x) => x.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id, g.id]);
    expect(await ids({ keyword: '张三' })).toEqual([a.id]);
    expect(await ids({ keyword: a.wcId.slice(-6) })).toEqual([a.id]);
    expect(await ids({ keyword: '100%_' })).toEqual([]);
    expect(await ids({ label: 'VIP' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ label: 'VI' })).toEqual([]);
    expect(await ids({ type: 'group' })).toEqual([g.id]);
    expect(await ids({ relationship: 'silent' })).toEqual([b.id]);
    expect(await ids({ gender: 'male' })).toEqual([a.id]);
    expect(await ids({ orderBy: { field: 'nickname', direction: 'desc' } })).toContain(a.id);
    expect((await ids({ orderBy: { field: 'nickname', direction: 'desc' } }))[0]).toBe(a.id);
    const second = await page({ accountId: account.id, pageSize: 2, pageNum: 2 });
    expect(second).toMatchObject({ total: 4, list: [{ id: c.id }, { id: g.id }] });
    expect((await page({ accountId: account.id, includeGone: true })).total).toBe(5);
  });

  it('sets the relationship of one contact and of a batch; all in scope or nothing changes', async () => {
    const account = await insertChatAccount(t, { customerId: await f.customer() });
    const mine = await insertContacts(t, account, 5);
    const theirs = await insertContacts(t, await insertChatAccount(t, { customerId: await f.customer() }), 1);
    const rel = async (id: number) => (await contactRows(account.id)).find((c) => c.id === id)?.relationship;
    const one = await f.ok<{ affected: number }>('POST', `${A}/setRelationship`, {
      ids: [mine[0]?.id],
      relationship: 'colleague',
    });
    expect(one.affected).toBe(1);
    expect(await rel(mine[0]?.id as number)).toBe('colleague');
    const batch = await f.ok<{ affected: number }>('POST', `${A}/setRelationship`, {
      ids: [...mine.map((c) => c.id), mine[1]?.id],
      relationship: 'silent',
    });
    expect(batch.affected).toBe(5);
    for (const c of mine) expect(await rel(c.id)).toBe('silent');

    // A member of this customer may not reach another customer's contact: nothing changes.
    const m = await f.member(Object.values(CHAT_ADDRESS_PERMISSIONS), 3, account.customerId);
    const mixed = await t.call('POST', `${A}/setRelationship`, {
      token: m.token,
      body: { ids: [mine[0]?.id, theirs[0]?.id], relationship: 'default' },
    });
    expect(mixed.body.code).toBe('A0404');
    expect(await rel(mine[0]?.id as number)).toBe('silent');
    expect((await contactRows(theirs[0]?.accountId as number))[0]?.relationship).toBe('default');
    const own = await t.call<{ affected: number }>('POST', `${A}/setRelationship`, {
      token: m.token,
      body: { ids: [mine[0]?.id], relationship: 'default' },
    });
    expect(own.body.data.affected).toBe(1);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const account = await insertChatAccount(t, { customerId: await f.customer() });
    const [c] = await insertContacts(t, account, 1);
    const cases: [string, unknown, string, string][] = [
      ['setRelationship', { ids: [c?.id], relationship: 'friend' }, 'A0400', 'relationship'],
      ['setRelationship', { ids: [c?.id] }, 'A0400', 'relationship'],
      ['setRelationship', { ids: [], relationship: 'silent' }, 'A0420', 'ids'],
      [
        'setRelationship',
        { ids: Array.from({ length: 1001 }, (_, i) => i + 1), relationship: 'silent' },
        'A0420',
        'ids',
      ],
      ['setRelationship', { ids: ['1'], relationship: 'silent' }, 'A0400', 'ids'],
      ['list/page', { accountId: account.id, type: 'stranger' }, 'A0400', 'type'],
      ['list/page', { accountId: account.id, orderBy: { field: 'wcId' } }, 'A0400', 'orderBy'],
      ['list/page', {}, 'A0410', 'accountId'],
      ['initAddressList', {}, 'A0410', 'accountId'],
      ['initAddressList', { accountId: 'x' }, 'A0400', 'accountId'],
    ];
    for (const [leaf, body, code, field] of cases) {
      const res = await t.call('POST', `${A}/${leaf}`, { token: admin(), body });
      expect(res.body.code, `${leaf} ${JSON.stringify(body).slice(0, 80)}`).toBe(code);
      expect(res.body.message).toContain(fieldLabel(field, 'en'));
    }
    expect((await contactRows(account.id))[0]?.relationship).toBe('default');
    expect((await t.call('GET', '/api/v3/label/getLabelList?accountId=abc', { token: admin() })).body.code).toBe(
      'A0400',
    );
    expect((await t.call('GET', `${A}/initAddressList/0`, { token: admin() })).body.code).toBe('A0420');
  });
});

describe('contact permissions and scope', () => {
  const routes = (accountId: number, contactId: number) =>
    [
      ['POST', `${A}/list/page`, { accountId }],
      ['POST', `${A}/initAddressList`, { accountId }],
      ['GET', `${A}/initAddressList/${accountId}`, undefined],
      ['POST', `${A}/setRelationship`, { ids: [contactId], relationship: 'silent' }],
      ['GET', `/api/v3/label/getLabelList?accountId=${accountId}`, undefined],
    ] as const;

  it('answers A0312 without the permission and A0404 for another customer’s account', async () => {
    const account = await simAccount(t, { customerId: await f.customer() });
    const [contact] = await insertContacts(t, account, 1);
    const nobody = await f.member([]);
    for (const [method, url, body] of routes(account.id, contact?.id as number)) {
      const res = await t.call(method, url, { token: nobody.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0312');
    }
    // Each call needs its own code: holding only the list permission does not set relationships.
    const reader = await f.member([CHAT_ADDRESS_PERMISSIONS.list]);
    for (const [method, url, body] of routes(account.id, contact?.id as number).filter(
      ([, url]) => url.endsWith('setRelationship') || url.endsWith('initAddressList'),
    )) {
      const res = await t.call(method, url, { token: reader.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0312');
    }
    const other = await f.member(Object.values(CHAT_ADDRESS_PERMISSIONS));
    for (const [method, url, body] of routes(account.id, contact?.id as number)) {
      const res = await t.call(method, url, { token: other.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0404');
    }
    expect((await accountRow(t, account.id))?.contactsInitStatus).toBe('none');
    expect((await contactRows(account.id))[0]?.relationship).toBe('default');
    // The account's own customer reaches all of it.
    const own = await f.member(Object.values(CHAT_ADDRESS_PERMISSIONS), 3, account.customerId);
    expect((await page({ accountId: account.id }, own.token)).total).toBe(1);
    expect((await initialise(account.id, own.token)).status).toBe('completed');
  });

  it('a user with data scope 5 reaches the accounts they own and no others', async () => {
    const cid = await f.customer();
    const self = await f.member(Object.values(CHAT_ADDRESS_PERMISSIONS), 5, cid);
    const owned = await insertChatAccount(t, { customerId: cid, ownerUserId: self.id });
    const colleagues = await insertChatAccount(t, { customerId: cid });
    await insertContacts(t, owned, 2);
    expect((await page({ accountId: owned.id }, self.token)).total).toBe(2);
    const res = await t.call('POST', `${A}/list/page`, { token: self.token, body: { accountId: colleagues.id } });
    expect(res.body.code).toBe('A0404');
  });
});
