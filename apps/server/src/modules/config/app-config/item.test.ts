import { APP_ITEM_PERMISSIONS, APP_NAMESPACE_PERMISSIONS, fieldLabel, SECRET_MASK } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { lastLog as lastLogOf, logsOf } from '@agent-console/server/test/fixtures/operation-log';
import { expectEachNeedsItsOwn } from '@agent-console/server/test/fixtures/own-permission';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appItems } from '../../../db/schema';

const { t, admin, f } = useAdminApp();

const NS = '/api/v3/app/namespace';
const ITEM = '/api/v3/app/item';
type Item = { id: number; namespaceId: number; key: string; value: string; hasValue: boolean; secret: boolean };
type Fields = { fields: { field: string; reason: string; at?: { line: number; column: number } }[] };

const itemRow = async (id: number) => (await t.database.db.select().from(appItems).where(eq(appItems.id, id)))[0];
const itemCount = async () => (await t.database.db.select({ n: count() }).from(appItems))[0]?.n ?? 0;

/** A namespace of a fresh app of a fresh customer. */
async function namespace(format: string, name = `ns-${format}`, customerId?: number) {
  const app = await insertApp(t, { customerId: customerId ?? (await f.customer()) });
  const ns = await f.ok<{ id: number; customerId: number }>('POST', `${NS}/save`, { appId: app.id, name, format });
  return { ...ns, appId: app.id };
}

const save = (body: object, token = admin()) => t.call<Fields>('POST', `${ITEM}/save`, { token, body });

describe('items', () => {
  it('creates, lists by key, filters, changes and deletes items', async () => {
    const ns = await namespace('properties');
    const b = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'b.port', value: '8080' });
    const a = await f.ok<Item>('POST', `${ITEM}/save`, {
      namespaceId: ns.id,
      key: 'a.host',
      value: 'example.org',
      comment: 'Where the widget loads from',
    });
    expect(a).toMatchObject({ key: 'a.host', value: 'example.org', hasValue: true, secret: false });
    const list = await f.ok<Item[]>('POST', `${ITEM}/list`, { namespaceId: ns.id });
    expect(list.map((i) => i.key)).toEqual(['a.host', 'b.port']);
    for (const [keyword, keys] of [
      ['port', ['b.port']],
      ['widget', ['a.host']],
      ['example', ['a.host']],
      ['%', []],
    ] as const) {
      const found = await f.ok<Item[]>('POST', `${ITEM}/list`, { namespaceId: ns.id, keyword });
      expect(
        found.map((i) => i.key),
        keyword,
      ).toEqual(keys);
    }
    const changed = await f.ok<Item>('POST', `${ITEM}/update/${b.id}`, {
      key: 'b.port',
      value: '9090',
      secret: false,
    });
    expect(changed.value).toBe('9090');
    expect((await itemRow(b.id))?.value).toBe('9090');
    expect(await f.ok('GET', `${ITEM}/delete/${b.id}`)).toEqual({ affected: 1 });
    expect(await itemRow(b.id)).toBeUndefined();
    expect((await t.call('GET', `${ITEM}/delete/${b.id}`, { token: admin() })).body.code).toBe('A0404');
  });

  it('keeps keys unique per namespace and items in their namespace', async () => {
    const ns = await namespace('text');
    const other = await namespace('text');
    const item = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'k', value: 'one' });
    const second = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'k2', value: 'two' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: other.id, key: 'k', value: 'elsewhere' });
    const before = await itemCount();
    const dup = await save({ namespaceId: ns.id, key: 'k', value: 'again' });
    expect(dup.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'key', reason: 'taken' }] } });
    const rename = await t.call<Fields>('POST', `${ITEM}/update/${second.id}`, {
      token: admin(),
      body: { key: 'k', value: 'two', secret: false },
    });
    expect(rename.body.data.fields[0]).toMatchObject({ field: 'key', reason: 'taken' });
    const move = await t.call<Fields>('POST', `${ITEM}/update/${item.id}`, {
      token: admin(),
      body: { namespaceId: other.id, key: 'k', value: 'one', secret: false },
    });
    expect(move.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'namespaceId', reason: 'fixed' }] } });
    expect(await itemCount()).toBe(before);
    expect(await itemRow(item.id)).toMatchObject({ namespaceId: ns.id, value: 'one' });
    expect(await itemRow(second.id)).toMatchObject({ key: 'k2' });
  });
});

describe('values against the namespace format', () => {
  it.each([
    ['json', '{"a": 1,}', 'notJson', 'Value is not valid JSON (line 1, column 9)'],
    ['json', '{\n  "a": 1\n  "b": 2\n}', 'notJson', 'Value is not valid JSON (line 3, column 3)'],
    ['json', '', 'notJson', 'Value is not valid JSON'],
    ['yaml', 'list: [1, 2', 'notYaml', 'Value is not valid YAML (line 1, column 12)'],
    ['yaml', 'a: 1\na: 2', 'notYaml', 'Value is not valid YAML (line 2, column 1)'],
    ['yaml', 'a: *nothing', 'notYaml', 'Value is not valid YAML'],
    ['properties', 'one\ntwo', 'notSingleLine', 'Value must be a single line in the properties format'],
  ])('a %s namespace refuses %j (%s), writing nothing', async (format, value, reason, message) => {
    const ns = await namespace(format);
    const before = await itemCount();
    const res = await save({ namespaceId: ns.id, key: 'k', value });
    expect(res.body.code).toBe('A0400');
    expect(res.body.data.fields).toHaveLength(1);
    expect(res.body.data.fields[0]).toMatchObject({ field: 'value', reason });
    expect(res.body.message).toBe(message);
    expect(await itemCount()).toBe(before);
  });

  it('accepts values that fit, says where a value breaks in the caller’s language, and caps the size', async () => {
    const json = await namespace('json');
    await f.ok('POST', `${ITEM}/save`, { namespaceId: json.id, key: 'obj', value: '{"nested": {"list": [1, "two"]}}' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: json.id, key: 'num', value: '42' });
    const yaml = await namespace('yaml');
    await f.ok('POST', `${ITEM}/save`, {
      namespaceId: yaml.id,
      key: 'doc',
      value: 'servers:\n  - host: a\n    port: 1\n',
    });
    const text = await namespace('text');
    await f.ok('POST', `${ITEM}/save`, { namespaceId: text.id, key: 'max', value: 'x'.repeat(10_000) });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: text.id, key: 'lines', value: 'any\n{text' });

    const zh = await t.call('POST', `${ITEM}/save`, {
      token: admin(),
      lang: 'zh-CN',
      body: { namespaceId: json.id, key: 'bad', value: '[1,' },
    });
    expect(zh.body.message).toBe('值不是有效的 JSON（第 1 行，第 4 列）');

    const before = await itemCount();
    const big = await save({ namespaceId: text.id, key: 'big', value: 'x'.repeat(10_001) });
    expect(big.body).toMatchObject({ code: 'A0420', data: { fields: [{ field: 'value', reason: 'tooLong' }] } });
    expect(big.body.message).toContain(fieldLabel('value', 'en'));
    expect(await itemCount()).toBe(before);
  });

  it.each([
    [{ key: 'k' }, 'A0410', 'namespaceId'],
    [{ namespaceId: 1 }, 'A0410', 'key'],
    [{ namespaceId: 1, key: '  ' }, 'A0410', 'key'],
    [{ namespaceId: 1, key: 'k'.repeat(129) }, 'A0420', 'key'],
    [{ namespaceId: 1, key: 'two\nlines' }, 'A0400', 'key'],
    [{ namespaceId: 1, key: 'k', comment: 'c'.repeat(501) }, 'A0420', 'comment'],
    [{ namespaceId: 1, key: 'k', secret: 'yes' }, 'A0400', 'secret'],
    [{ namespaceId: 1, key: 'k', value: 5 }, 'A0400', 'value'],
    [{ namespaceId: 1, key: 'k', value: 'nul\u0000' }, 'A0400', 'value'],
  ])('refuses %j with %s naming %s', async (body, code, field) => {
    const before = await itemCount();
    const res = await save(body);
    expect(res.body.code).toBe(code);
    expect(res.body.data.fields[0]).toMatchObject({ field });
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
    expect(await itemCount()).toBe(before);
  });

  it('an update must say whether the item is secret', async () => {
    const ns = await namespace('text');
    const item = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'k', value: 'v' });
    const res = await t.call<Fields>('POST', `${ITEM}/update/${item.id}`, {
      token: admin(),
      body: { key: 'k', value: 'w' },
    });
    expect(res.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'secret', reason: 'required' }] } });
    expect((await itemRow(item.id))?.value).toBe('v');
  });
});

describe('item scope and permissions', () => {
  it('another customer’s namespace and item answer exactly like missing ones', async () => {
    const theirs = await namespace('text');
    const theirItem = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: theirs.id, key: 'k', value: 'theirs' });
    const m = await f.member(Object.values(APP_ITEM_PERMISSIONS));
    const mine = await namespace('text', 'mine', m.customerId);
    const myItem = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: mine.id, key: 'k', value: 'mine' }, m.token);
    expect(await f.ok<Item[]>('POST', `${ITEM}/list`, { namespaceId: mine.id }, m.token)).toHaveLength(1);

    const before = await itemCount();
    const bodies: Record<string, unknown>[] = [];
    for (const namespaceId of [theirs.id, 2_000_000_000]) {
      for (const url of [`${ITEM}/list`, `${ITEM}/save`, `${ITEM}/export`]) {
        const res = await t.call('POST', url, { token: m.token, body: { namespaceId, key: 'x', value: 'y' } });
        expect(res.body, url).toMatchObject({ code: 'A0404', data: { fields: [{ field: 'namespaceId' }] } });
        bodies.push(res.body);
      }
    }
    // Theirs and missing give the very same answers.
    expect(bodies.slice(0, 3)).toEqual(bodies.slice(3));
    for (const id of [theirItem.id, 2_000_000_000]) {
      const update = await t.call('POST', `${ITEM}/update/${id}`, {
        token: m.token,
        body: { key: 'k', value: 'pwned', secret: false },
      });
      expect(update.body).toMatchObject({ code: 'A0404', data: null });
      expect((await t.call('GET', `${ITEM}/delete/${id}`, { token: m.token })).body).toMatchObject({ code: 'A0404' });
    }
    expect(await itemCount()).toBe(before);
    expect((await itemRow(theirItem.id))?.value).toBe('theirs');
    expect((await itemRow(myItem.id))?.value).toBe('mine');
  });

  it('answers A0312 without the permission of each call', async () => {
    const ns = await namespace('text');
    const item = await f.ok<Item>('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'k', value: 'v' });
    const calls = [
      ['POST', `${ITEM}/list`, { namespaceId: ns.id }, APP_ITEM_PERMISSIONS.list],
      ['POST', `${ITEM}/export`, { namespaceId: ns.id }, APP_ITEM_PERMISSIONS.list],
      ['POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'x' }, APP_ITEM_PERMISSIONS.add],
      ['POST', `${ITEM}/update/${item.id}`, { key: 'k', value: 'w', secret: false }, APP_ITEM_PERMISSIONS.edit],
      ['GET', `${ITEM}/delete/${item.id}`, undefined, APP_ITEM_PERMISSIONS.remove],
    ] as const;
    const all = [...Object.values(APP_ITEM_PERMISSIONS), ...Object.values(APP_NAMESPACE_PERMISSIONS)];
    await expectEachNeedsItsOwn(t, f, calls, all, 1);
    expect(await itemRow(item.id)).toMatchObject({ key: 'k', value: 'v' });
  });
});

async function exportRows(namespaceId: number, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${ITEM}/export`,
    headers: { authorization: `Bearer ${admin()}`, 'accept-language': lang },
    payload: { namespaceId },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, disposition: String(res.headers['content-disposition']) };
}

const lastLog = (path: string) => lastLogOf(t, path);

describe('secret items', () => {
  it('never answers a secret value: lists, search, export and the operation log show the mask', async () => {
    const ns = await namespace('properties', 'credentials');
    const plain = 'sk-live-4f9a1c77d2';
    const created = await f.ok<Item>('POST', `${ITEM}/save`, {
      namespaceId: ns.id,
      key: 'crm.token',
      value: plain,
      secret: true,
      comment: 'CRM access',
    });
    expect(created).toMatchObject({ value: SECRET_MASK, hasValue: true, secret: true });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'crm.url', value: '=HYPERLINK("x")' });
    await f.ok('POST', `${ITEM}/save`, { namespaceId: ns.id, key: 'crm.empty', value: '', secret: true });
    expect((await itemRow(created.id))?.value).toBe(plain);

    const list = await f.ok<Item[]>('POST', `${ITEM}/list`, { namespaceId: ns.id });
    expect(list.map((i) => [i.key, i.value, i.hasValue])).toEqual([
      ['crm.empty', '', false],
      ['crm.token', SECRET_MASK, true],
      ['crm.url', '=HYPERLINK("x")', true],
    ]);
    expect(JSON.stringify(list)).not.toContain(plain);
    // A keyword cannot probe a secret value.
    expect(await f.ok<Item[]>('POST', `${ITEM}/list`, { namespaceId: ns.id, keyword: 'sk-live' })).toEqual([]);

    const saves = await logsOf(t, `${ITEM}/save`);
    const logged = saves.find((row) => row.params?.includes('crm.token'));
    expect(logged?.params).toContain(SECRET_MASK);
    expect(logged?.result).toContain(SECRET_MASK);
    expect(JSON.stringify(saves)).not.toContain(plain);

    const { rows, disposition } = await exportRows(ns.id, 'zh-CN');
    expect(rows[0]).toEqual(['键', '值', '保密', '说明', '更新时间']);
    // Formulas are neutralised as in every export; an empty cell reads back as nothing.
    expect(rows.slice(1).map((r) => [r[0], r[1] ?? '', r[2]])).toEqual([
      ['crm.empty', '', '是'],
      ['crm.token', SECRET_MASK, '是'],
      ['crm.url', `'=HYPERLINK("x")`, '否'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(plain);
    expect(decodeURIComponent(disposition)).toContain('配置项 credentials_');
    const exportLog = await lastLog(`${ITEM}/export`);
    expect(exportLog).toMatchObject({ businessType: 'export', status: 'success' });
  });

  it('an empty value keeps a secret; turning the flag off needs a new value', async () => {
    const ns = await namespace('text');
    const item = await f.ok<Item>('POST', `${ITEM}/save`, {
      namespaceId: ns.id,
      key: 'pw',
      value: 'hunter22',
      secret: true,
    });
    const kept = await f.ok<Item>('POST', `${ITEM}/update/${item.id}`, {
      key: 'pw',
      value: '',
      secret: true,
      comment: 'kept',
    });
    expect(kept).toMatchObject({ key: 'pw', value: SECRET_MASK, hasValue: true });
    expect(await itemRow(item.id)).toMatchObject({ key: 'pw', value: 'hunter22', comment: 'kept' });
    // A new key needs the value again (secret-items.test.ts has the rest of that rule).
    const renamed = await t.call<Fields>('POST', `${ITEM}/update/${item.id}`, {
      token: admin(),
      body: { key: 'password', value: '', secret: true },
    });
    expect(renamed.body).toMatchObject({
      code: 'A0410',
      data: { fields: [{ field: 'value', reason: 'secretReentry' }] },
    });

    await f.ok('POST', `${ITEM}/update/${item.id}`, { key: 'password', value: 'rotated-77', secret: true });
    expect((await itemRow(item.id))?.value).toBe('rotated-77');
    const log = await lastLog(`${ITEM}/update/${item.id}`);
    expect(log?.params).not.toContain('rotated-77');
    expect(log?.params).toContain(SECRET_MASK);

    // Unflagging with an empty value would show the stored secret in the list: refused.
    const reveal = await t.call<Fields>('POST', `${ITEM}/update/${item.id}`, {
      token: admin(),
      body: { key: 'password', value: '', secret: false },
    });
    expect(reveal.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'value', reason: 'required' }] } });
    expect(await itemRow(item.id)).toMatchObject({ secret: true, value: 'rotated-77' });
    const open = await f.ok<Item>('POST', `${ITEM}/update/${item.id}`, {
      key: 'password',
      value: 'public',
      secret: false,
    });
    expect(open).toMatchObject({ value: 'public', secret: false });
  });

  it('a kept secret value is never checked against a new key’s rule: the value is asked for first', async () => {
    const ns = await namespace('text', 'agent');
    const item = await f.ok<Item>('POST', `${ITEM}/save`, {
      namespaceId: ns.id,
      key: 'vendor',
      value: 'abc',
      secret: true,
    });
    const res = await t.call<Fields>('POST', `${ITEM}/update/${item.id}`, {
      token: admin(),
      body: { key: 'topK', value: '', secret: true },
    });
    // "Is the secret a number from 1 to 20?" must not be answerable: the refusal is the same whatever it holds.
    expect(res.body).toMatchObject({ code: 'A0410', data: { fields: [{ field: 'value', reason: 'secretReentry' }] } });
    expect((await itemRow(item.id))?.key).toBe('vendor');
    const typed = await t.call<Fields>('POST', `${ITEM}/update/${item.id}`, {
      token: admin(),
      body: { key: 'topK', value: 'many', secret: true },
    });
    expect(typed.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'value', reason: 'notTopK' }] } });
  });
});
