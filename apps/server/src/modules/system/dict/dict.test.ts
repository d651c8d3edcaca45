import {
  DICT_PERMISSIONS,
  DICT_TYPES,
  type DictCache,
  type DictEntry,
  type DictType,
  fieldLabel,
  type PageResult,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { createScopedUser } from '@agent-console/server/test/fixtures/users';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dictEntries, dictTypes, operationLogs } from '../../../db/schema';

const { t, admin } = useAdminApp();

const names = (en: string) => ({ en, 'zh-chs': `${en}-简`, 'zh-cht': `${en}-繁`, ja: `${en}-日` });
const B = '/api/v3/system/dict';

async function counts() {
  const [types] = await t.database.db.select({ n: count() }).from(dictTypes);
  const [entries] = await t.database.db.select({ n: count() }).from(dictEntries);
  return { types: types?.n, entries: entries?.n };
}

async function newType(type: string) {
  const res = await t.call<DictType>('POST', `${B}/save`, { token: admin(), body: { type, names: names(type) } });
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

describe('seeded enumerations (SPEC §9)', () => {
  it('serves every seeded type with labels in all four languages from the cache', async () => {
    const res = await t.call<DictCache>('GET', `${B}/cache/get`, { token: admin() });
    expect(res.body.code).toBe('00000');
    const { dicts } = res.body.data;
    const values = (type: string) => dicts[type]?.map((e) => e.value);
    expect(values(DICT_TYPES.genderOptions)).toEqual(['other', 'male', 'female']);
    expect(values(DICT_TYPES.userGender)).toEqual(['male', 'female', 'unknown']);
    expect(values(DICT_TYPES.relationship)).toEqual(['default', 'colleague', 'silent']);
    expect(values(DICT_TYPES.addressType)).toEqual(['friend', 'group']);
    expect(values(DICT_TYPES.chatLoginStatus)).toEqual(['online', 'offline']);
    expect(values(DICT_TYPES.messageType)).toEqual(['text', 'file']);
    expect(values(DICT_TYPES.miningStatus)).toEqual(['1', '2', '3']);
    expect(dicts[DICT_TYPES.miningStatus]?.[0]?.labels).toEqual({
      en: 'Abnormal',
      'zh-chs': '异常',
      'zh-cht': '異常',
      ja: '異常',
    });
  });

  it('marks seeded types built in: their key cannot change and they cannot be deleted', async () => {
    const page = await t.call<PageResult<DictType>>('POST', `${B}/page`, {
      token: admin(),
      body: { keyword: 'user_gender' },
    });
    const type = page.body.data.list[0];
    expect(type?.builtin).toBe(true);
    const rename = await t.call('POST', `${B}/update/${type?.id}`, {
      token: admin(),
      body: { type: 'gender2', names: names('x') },
    });
    expect(rename.body.code).toBe('A0440');
    expect(rename.body.message).toContain(fieldLabel('type', 'en'));
  });
});

describe('dictionary types', () => {
  it('creates, pages, sorts, filters and updates a type', async () => {
    const created = await newType('fruit_kind');
    expect(created).toMatchObject({ type: 'fruit_kind', enabled: true, builtin: false, entryCount: 0 });

    const page = await t.call<PageResult<DictType>>('POST', `${B}/page`, {
      token: admin(),
      body: { pageNum: 1, pageSize: 3, orderBy: { field: 'type', direction: 'desc' } },
    });
    expect(page.body.data.list).toHaveLength(3);
    expect(page.body.data.total).toBeGreaterThanOrEqual(8);
    const keys = page.body.data.list.map((d) => d.type);
    expect([...keys].sort().reverse()).toEqual(keys);

    // Unsorted, the newest comes first: a type just added is on the first page, before the seeded ones.
    const first = await t.call<PageResult<DictType>>('POST', `${B}/page`, {
      token: admin(),
      body: { pageNum: 1, pageSize: 3 },
    });
    expect(first.body.data.list[0]?.id).toBe(created.id);

    const byName = await t.call<PageResult<DictType>>('POST', `${B}/page`, {
      token: admin(),
      body: { keyword: 'fruit_kind-简' },
    });
    expect(byName.body.data.list.map((d) => d.id)).toEqual([created.id]);
    const literal = await t.call<PageResult<DictType>>('POST', `${B}/page`, { token: admin(), body: { keyword: '%' } });
    expect(literal.body.data.total).toBe(0);

    const updated = await t.call<DictType>('POST', `${B}/update/${created.id}`, {
      token: admin(),
      body: { type: 'fruit_kinds', names: names('Fruits'), enabled: false, remark: 'r' },
    });
    expect(updated.body.data).toMatchObject({ type: 'fruit_kinds', enabled: false, remark: 'r' });
  });

  it('refuses a duplicate key with A0111 naming type', async () => {
    const res = await t.call('POST', `${B}/save`, {
      token: admin(),
      body: { type: 'relationship', names: names('x') },
    });
    expect(res.body.code).toBe('A0111');
    expect(res.body.message).toContain(fieldLabel('type', 'en'));
  });

  it('refuses to delete a type with entries, deleting nothing; deletes it once empty', async () => {
    const type = await newType('with_entries');
    const entry = await t.call<DictEntry>('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: type.id, value: 'a', labels: names('A') },
    });
    const other = await newType('empty_one');
    const before = await counts();
    const refused = await t.call('POST', `${B}/delete`, { token: admin(), body: { ids: [other.id, type.id] } });
    expect(refused.body.code).toBe('A0440');
    expect(refused.body.data).toEqual({ fields: [{ field: 'ids', reason: 'hasEntries' }] });
    expect(refused.body.message).toBe('Operation not allowed: A selected record still has entries');
    expect(await counts()).toEqual(before);

    await t.call('POST', `${B}/entry/delete`, { token: admin(), body: { ids: [entry.body.data.id] } });
    const done = await t.call('POST', `${B}/delete`, { token: admin(), body: { ids: [type.id, other.id] } });
    expect(done.body.code).toBe('00000');
    expect((await counts()).types).toBe((before.types ?? 0) - 2);
  });

  it('answers A0404 for unknown ids and deletes nothing', async () => {
    const type = await newType('kept_type');
    const res = await t.call('POST', `${B}/delete`, { token: admin(), body: { ids: [type.id, 999_999] } });
    expect(res.body.code).toBe('A0404');
    const again = await t.call('POST', `${B}/update/999999`, {
      token: admin(),
      body: { type: 'zz', names: names('z') },
    });
    expect(again.body.code).toBe('A0404');
  });
});

describe('dictionary entries and the cache', () => {
  it('creates, pages, updates and deletes entries; the cache follows every change', async () => {
    const type = await newType('tier');
    const v0 = (await t.call<DictCache>('GET', `${B}/cache/get`, { token: admin() })).body.data;
    expect(v0.dicts.tier).toEqual([]);

    const gold = await t.call<DictEntry>('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: type.id, value: 'gold', labels: names('Gold'), sort: 2, tagColor: 'gold' },
    });
    expect(gold.body.data).toMatchObject({ type: 'tier', value: 'gold', tagColor: 'gold', enabled: true });
    await t.call('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: type.id, value: 'silver', labels: names('Silver'), sort: 1 },
    });
    const v1 = (await t.call<DictCache>('GET', `${B}/cache/get`, { token: admin() })).body.data;
    expect(v1.version).not.toBe(v0.version);
    expect(v1.dicts.tier?.map((e) => e.value)).toEqual(['silver', 'gold']);

    const page = await t.call<PageResult<DictEntry>>('POST', `${B}/entry/page`, {
      token: admin(),
      body: { typeId: type.id, orderBy: { field: 'value', direction: 'asc' } },
    });
    expect(page.body.data.list.map((e) => e.value)).toEqual(['gold', 'silver']);
    const search = await t.call<PageResult<DictEntry>>('POST', `${B}/entry/page`, {
      token: admin(),
      body: { keyword: 'Silver-日' },
    });
    expect(search.body.data.list.map((e) => e.value)).toEqual(['silver']);

    const dup = await t.call('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: type.id, value: 'gold', labels: names('G') },
    });
    expect(dup.body.code).toBe('A0111');
    expect(dup.body.message).toContain(fieldLabel('value', 'en'));

    await t.call('POST', `${B}/entry/update/${gold.body.data.id}`, {
      token: admin(),
      body: { typeId: type.id, value: 'gold', labels: names('Gold'), enabled: false },
    });
    const v2 = (await t.call<DictCache>('GET', `${B}/cache/get`, { token: admin() })).body.data;
    expect(v2.dicts.tier?.map((e) => e.value)).toEqual(['silver']);

    await t.app.auditSettled();
    const [logged] = await t.database.db.select({ n: count() }).from(operationLogs);
    const rebuilt = await t.call<DictCache>('GET', `${B}/cache/update`, { token: admin() });
    expect(rebuilt.body.data.version).toBe(v2.version);
    // Every editor's sign-in rebuilds it, and it changes no dictionary: no operation log row.
    await t.app.auditSettled();
    const [after] = await t.database.db.select({ n: count() }).from(operationLogs);
    expect(after?.n).toBe(logged?.n);
  });

  it('picks up a change made outside this server (another instance) on the next read', async () => {
    const before = (await t.call<DictCache>('GET', `${B}/cache/get`, { token: admin() })).body.data;
    await t.database.db.insert(dictTypes).values({ type: 'from_elsewhere', names: names('E') });
    const after = (await t.call<DictCache>('GET', `${B}/cache/get`, { token: admin() })).body.data;
    expect(after.version).not.toBe(before.version);
    expect(after.dicts.from_elsewhere).toEqual([]);
  });

  it('refuses an entry of an unknown type naming typeId', async () => {
    const res = await t.call('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: 999_999, value: 'x', labels: names('X') },
    });
    expect(res.body.code).toBe('A0400');
    expect(res.body.message).toContain(fieldLabel('typeId', 'en'));
  });

  it('stores labels verbatim (markup is escaped where shown, never interpreted)', async () => {
    const type = await newType('xss_check');
    const label = '<img src=x onerror=alert(1)>';
    const res = await t.call<DictEntry>('POST', `${B}/entry/save`, {
      token: admin(),
      body: { typeId: type.id, value: 'x', labels: { ...names('X'), en: label } },
    });
    expect(res.body.data.labels.en).toBe(label);
  });
});

describe('access', () => {
  const routes: ['GET' | 'POST', string, unknown][] = [
    ['POST', `${B}/page`, {}],
    ['POST', `${B}/save`, { type: 'nope', names: names('n') }],
    ['POST', `${B}/update/1`, { type: 'nope', names: names('n') }],
    ['POST', `${B}/delete`, { ids: [1] }],
    ['GET', `${B}/cache/update`, undefined],
    ['POST', `${B}/entry/page`, {}],
    ['POST', `${B}/entry/save`, { typeId: 1, value: 'n', labels: names('n') }],
    ['POST', `${B}/entry/update/1`, { typeId: 1, value: 'n', labels: names('n') }],
    ['POST', `${B}/entry/delete`, { ids: [1] }],
  ];

  it.each(routes)(
    '%s %s needs a session (A0301) and the permission (A0312), changing nothing',
    async (method, url, body) => {
      const before = await counts();
      const anonymous = await t.call(method, url, { body });
      expect(anonymous.body.code).toBe('A0301');
      const { token } = await createScopedUser(t, []);
      const denied = await t.call(method, url, { token, body });
      expect(denied.body.code).toBe('A0312');
      expect(denied.status).toBe(403);
      expect(await counts()).toEqual(before);
    },
  );

  it('lets every signed-in user read the cache', async () => {
    const { token } = await createScopedUser(t, []);
    const res = await t.call<DictCache>('GET', `${B}/cache/get`, { token });
    expect(res.body.code).toBe('00000');
    expect(res.body.data.dicts.user_gender).toHaveLength(3);
    expect((await t.call('GET', `${B}/cache/get`)).body.code).toBe('A0301');
  });

  it('shows a user of another customer the same product-wide dictionaries', async () => {
    const { token } = await createScopedUser(t, [DICT_PERMISSIONS.list]);
    const mine = await t.call<PageResult<DictType>>('POST', `${B}/page`, { token: admin(), body: { pageSize: 500 } });
    const theirs = await t.call<PageResult<DictType>>('POST', `${B}/page`, { token, body: { pageSize: 500 } });
    expect(theirs.body.data.total).toBe(mine.body.data.total);
  });
});

describe('bad input changes nothing and names the field', () => {
  const long = 'x'.repeat(10_000);
  const cases: [string, string, string, unknown][] = [
    [`${B}/save`, 'A0410', 'type', { names: names('n') }],
    [`${B}/save`, 'A0400', 'type', { type: 42, names: names('n') }],
    [`${B}/save`, 'A0400', 'type', { type: 'Bad Key!', names: names('n') }],
    [`${B}/save`, 'A0420', 'type', { type: long, names: names('n') }],
    [`${B}/save`, 'A0420', 'names.ja', { type: 'ok_key', names: { ...names('n'), ja: long } }],
    [`${B}/save`, 'A0410', 'names.zh-chs', { type: 'ok_key', names: { en: 'only' } }],
    [`${B}/save`, 'A0400', 'body', { type: 'ok_key', names: names('n'), extra: 1 }],
    [`${B}/entry/save`, 'A0400', 'tagColor', { typeId: 1, value: 'v', labels: names('n'), tagColor: 'javascript:red' }],
    [`${B}/entry/save`, 'A0400', 'typeId', { typeId: '1; drop table', value: 'v', labels: names('n') }],
    [`${B}/entry/save`, 'A0420', 'value', { typeId: 1, value: long, labels: names('n') }],
    [`${B}/entry/save`, 'A0400', 'sort', { typeId: 1, value: 'v', labels: names('n'), sort: 'first' }],
    [
      `${B}/page`,
      'A0400',
      'orderBy.field',
      { orderBy: { field: 'type desc; drop table dict_types', direction: 'asc' } },
    ],
    [`${B}/page`, 'A0400', 'orderBy.field', { orderBy: { field: '(case when 1=1 then id end)' } }],
    [`${B}/page`, 'A0420', 'pageSize', { pageSize: 100_000 }],
    [`${B}/entry/page`, 'A0420', 'keyword', { keyword: long }],
    [`${B}/delete`, 'A0400', 'ids.0', { ids: ['1'] }],
    [`${B}/delete`, 'A0420', 'ids', { ids: [] }],
  ];

  it.each(cases)('%s → %s naming %s', async (url, code, field, body) => {
    const before = await counts();
    const res = await t.call('POST', url, { token: admin(), body });
    expect(res.body.code).toBe(code);
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) });
    expect(await counts()).toEqual(before);
  });

  it('answers A0400 for a non-numeric id in the path', async () => {
    const res = await t.call('POST', `${B}/update/abc`, { token: admin(), body: { type: 'ok', names: names('n') } });
    expect(res.body.code).toBe('A0400');
    expect(res.body.message).toContain(fieldLabel('id', 'en'));
  });
});
