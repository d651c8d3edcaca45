import { APP_ITEM_PERMISSIONS, APP_NAMESPACE_PERMISSIONS, fieldLabel } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { expectEachNeedsItsOwn } from '@agent-console/server/test/fixtures/own-permission';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appItems, appNamespaces } from '../../../db/schema';

const { t, admin, f } = useAdminApp();

const NS = '/api/v3/app/namespace';
const ITEM = '/api/v3/app/item';
type Namespace = { id: number; appId: number; customerId: number; name: string; format: string; itemCount: number };
type Page = { list: Namespace[]; total: number };

const nsRow = async (id: number) =>
  (await t.database.db.select().from(appNamespaces).where(eq(appNamespaces.id, id)))[0];
const nsCount = async () => (await t.database.db.select({ n: count() }).from(appNamespaces))[0]?.n ?? 0;
const itemsOf = async (namespaceId: number) =>
  t.database.db.select().from(appItems).where(eq(appItems.namespaceId, namespaceId));

describe('namespaces', () => {
  it('creates, pages with item counts, searches, changes and deletes namespaces with their items', async () => {
    const cid = await f.customer();
    const app = await insertApp(t, { customerId: cid });
    const agent = await f.ok<Namespace>('POST', `${NS}/save`, { appId: app.id, name: 'agent', format: 'properties' });
    expect(agent).toMatchObject({ appId: app.id, customerId: cid, name: 'agent', format: 'properties', itemCount: 0 });
    const json = await f.ok<Namespace>('POST', `${NS}/save`, {
      appId: app.id,
      name: 'feature.flags',
      format: 'json',
      description: 'Switches of the web widget',
    });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: json.id, key: 'flags', value: '{"beta":true}' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: json.id, key: 'limits', value: '[1,2]' });

    const page = await f.ok<Page>('POST', `${NS}/list/page`, { appId: app.id, pageNum: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.list.map((n) => [n.name, n.itemCount])).toEqual([
      ['agent', 0],
      ['feature.flags', 2],
    ]);
    const paged = await f.ok<Page>('POST', `${NS}/list/page`, { appId: app.id, pageNum: 2, pageSize: 1 });
    expect(paged.list.map((n) => n.name)).toEqual(['feature.flags']);
    const found = await f.ok<Page>('POST', `${NS}/list/page`, { appId: app.id, keyword: 'widget' });
    expect(found.list.map((n) => n.name)).toEqual(['feature.flags']);

    const changed = await f.ok<Namespace>('POST', `${NS}/update/${json.id}`, {
      appId: app.id,
      name: 'flags',
      format: 'yaml', // every JSON value is YAML too, so the change is allowed
      description: null,
    });
    expect(changed).toMatchObject({ name: 'flags', format: 'yaml', itemCount: 2 });
    // Leaving the app and the format out keeps them.
    await f.ok('POST', `${NS}/update/${json.id}`, { name: 'flags2' });
    expect(await nsRow(json.id)).toMatchObject({ name: 'flags2', format: 'yaml', appId: app.id });

    const deleted = await f.ok<{ deletedItems: number }>('GET', `${NS}/deleteByNamespaceId/${json.id}`);
    expect(deleted).toEqual({ deletedItems: 2 });
    expect(await nsRow(json.id)).toBeUndefined();
    expect(await itemsOf(json.id)).toEqual([]);
    expect(await f.ok('GET', `${NS}/deleteByNamespaceId/${agent.id}`)).toEqual({ deletedItems: 0 });
    // Deleted is gone: a second delete answers not found.
    expect((await t.call('GET', `${NS}/deleteByNamespaceId/${agent.id}`, { token: admin() })).body.code).toBe('A0404');
  });

  it('keeps names unique per app, and the same name is free in another app', async () => {
    const cid = await f.customer();
    const a = await insertApp(t, { customerId: cid });
    const b = await insertApp(t, { customerId: cid });
    const first = await f.ok<Namespace>('POST', `${NS}/save`, { appId: a.id, name: 'common' });
    const other = await f.ok<Namespace>('POST', `${NS}/save`, { appId: a.id, name: 'other' });
    await f.ok('POST', `${NS}/save`, { appId: b.id, name: 'common' });
    const before = await nsCount();
    const dup = await t.call('POST', `${NS}/save`, { token: admin(), body: { appId: a.id, name: 'common' } });
    expect(dup.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'name', reason: 'taken' }] } });
    expect(dup.body.message).toBe(`${fieldLabel('name', 'en')} is already taken`);
    const rename = await t.call('POST', `${NS}/update/${other.id}`, { token: admin(), body: { name: 'common' } });
    expect(rename.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'name' }] } });
    expect(await nsCount()).toBe(before);
    expect((await nsRow(other.id))?.name).toBe('other');
    // Keeping its own name is no clash.
    await f.ok('POST', `${NS}/update/${first.id}`, { name: 'common', description: 'Shared' });
  });

  it('refuses a format or name change the saved items do not fit, and a move to another app', async () => {
    const cid = await f.customer();
    const app = await insertApp(t, { customerId: cid });
    const other = await insertApp(t, { customerId: cid });
    const ns = await f.ok<Namespace>('POST', `${NS}/save`, { appId: app.id, name: 'tuning', format: 'text' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'qaMatchThreshold', value: 'high' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'greeting', value: 'Hello\nthere' });

    const toJson = await t.call('POST', `${NS}/update/${ns.id}`, {
      token: admin(),
      body: { name: 'tuning', format: 'json' },
    });
    expect(toJson.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'format', reason: 'itemsDoNotFit' }] },
    });
    expect(toJson.body.message).toContain(fieldLabel('format', 'en'));
    const toProps = await t.call('POST', `${NS}/update/${ns.id}`, {
      token: admin(),
      body: { name: 'tuning', format: 'properties' },
    });
    expect(toProps.body.data).toMatchObject({ fields: [{ field: 'format', reason: 'itemsDoNotFit' }] });
    // Renaming it to `agent` would make "high" a threshold: refused, naming the name.
    const toAgent = await t.call('POST', `${NS}/update/${ns.id}`, {
      token: admin(),
      body: { name: 'agent', format: 'text' },
    });
    expect(toAgent.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'name', reason: 'itemsDoNotFit' }] },
    });
    const move = await t.call('POST', `${NS}/update/${ns.id}`, {
      token: admin(),
      body: { appId: other.id, name: 'tuning' },
    });
    expect(move.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'appId', reason: 'fixed' }] } });
    expect(await nsRow(ns.id)).toMatchObject({ name: 'tuning', format: 'text', appId: app.id });

    // With the items fixed the same changes pass.
    const [threshold] = (await itemsOf(ns.id)).filter((i) => i.key === 'qaMatchThreshold');
    await f.ok('POST', `${ITEM}/update/${threshold?.id}`, { key: 'qaMatchThreshold', value: '0.8', secret: false });
    await f.ok('POST', `${NS}/update/${ns.id}`, { name: 'agent', format: 'text' });
    expect((await nsRow(ns.id))?.name).toBe('agent');
  });
});

describe('namespace scope and permissions', () => {
  it('another customer’s app and namespace answer exactly like missing ones', async () => {
    const theirs = await insertApp(t, { customerId: await f.customer() });
    const theirNs = await f.ok<Namespace>('POST', `${NS}/save`, { appId: theirs.id, name: 'private' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: theirNs.id, key: 'k', value: 'v' });
    const m = await f.member([APP_ITEM_PERMISSIONS.list, ...Object.values(APP_NAMESPACE_PERMISSIONS)]);
    const mine = await insertApp(t, { customerId: m.customerId });
    const mineNs = await f.ok<Namespace>('POST', `${NS}/save`, { appId: mine.id, name: 'mine' }, m.token);
    expect(mineNs.customerId).toBe(m.customerId);

    const missingApp = 2_000_000_000;
    for (const appId of [theirs.id, missingApp]) {
      const page = await t.call('POST', `${NS}/list/page`, { token: m.token, body: { appId } });
      expect(page.body).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'appId' }] } });
      const save = await t.call('POST', `${NS}/save`, { token: m.token, body: { appId, name: 'sneak' } });
      expect(save.body).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'appId' }] } });
      expect(save.body.message).toBe(page.body.message);
    }
    const missingNs = 2_000_000_000;
    for (const id of [theirNs.id, missingNs]) {
      const update = await t.call('POST', `${NS}/update/${id}`, { token: m.token, body: { name: 'pwned' } });
      expect(update.body).toMatchObject({ code: 'A0404', data: null });
      const del = await t.call('GET', `${NS}/deleteByNamespaceId/${id}`, { token: m.token });
      expect(del.body).toMatchObject({ code: 'A0404', data: null });
    }
    expect((await nsRow(theirNs.id))?.name).toBe('private');
    expect(await itemsOf(theirNs.id)).toHaveLength(1);
    const page = await f.ok<Page>('POST', `${NS}/list/page`, { appId: mine.id }, m.token);
    expect(page.list.map((n) => n.id)).toEqual([mineNs.id]);
  });

  it('answers A0312 without the permission of each call', async () => {
    const app = await insertApp(t, { customerId: await f.customer() });
    const ns = await f.ok<Namespace>('POST', `${NS}/save`, { appId: app.id, name: 'n' });
    // Each call needs its own code: holding all the others is not enough.
    const calls = [
      ['POST', `${NS}/list/page`, { appId: app.id }, APP_ITEM_PERMISSIONS.list],
      ['POST', `${NS}/save`, { appId: app.id, name: 'x' }, APP_NAMESPACE_PERMISSIONS.add],
      ['POST', `${NS}/update/${ns.id}`, { name: 'x' }, APP_NAMESPACE_PERMISSIONS.edit],
      ['GET', `${NS}/deleteByNamespaceId/${ns.id}`, undefined, APP_NAMESPACE_PERMISSIONS.remove],
    ] as const;
    const all = [...Object.values(APP_ITEM_PERMISSIONS), ...Object.values(APP_NAMESPACE_PERMISSIONS)];
    await expectEachNeedsItsOwn(t, f, calls, all, 1);
    expect(await nsRow(ns.id)).toMatchObject({ name: 'n' });
  });
});

describe('namespace input', () => {
  it.each([
    [{ name: 'n' }, 'A0410', 'appId'],
    [{ appId: 1 }, 'A0410', 'name'],
    [{ appId: 1, name: '' }, 'A0410', 'name'],
    [{ appId: 1, name: 'n'.repeat(65) }, 'A0420', 'name'],
    [{ appId: 1, name: 'has space' }, 'A0400', 'name'],
    [{ appId: 1, name: '名前' }, 'A0400', 'name'],
    [{ appId: 1, name: 'n', format: 'xml' }, 'A0400', 'format'],
    [{ appId: 1, name: 'n', description: 'd'.repeat(501) }, 'A0420', 'description'],
    [{ appId: 'one', name: 'n' }, 'A0400', 'appId'],
  ])('refuses %j with %s naming %s, writing nothing', async (body, code, field) => {
    const before = await nsCount();
    const res = await t.call<{ fields: { field: string }[] }>('POST', `${NS}/save`, { token: admin(), body });
    expect(res.body.code).toBe(code);
    expect(res.body.data.fields[0]).toMatchObject({ field });
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    expect(await nsCount()).toBe(before);
  });
});
