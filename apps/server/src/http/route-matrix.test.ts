import { fieldLabel, KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MODULES } from '../modules';
import type { PermissionRule } from './permission';
import type { RouteEntry } from './route-table';
import { shortReading } from './short-paths';

/**
 * The permission matrix of issue 4, generated from the app's own route table: every private route
 * refuses an anonymous caller (A0301) and a signed-in caller without its declared permission (A0312).
 * Then, for the system modules, cross-customer calls by id and bad input.
 */
const { t, admin, f } = useAdminApp();
let routes: RouteEntry[];

beforeAll(async () => {
  routes = t.app.routeTable.filter((r) => r.method === 'GET' || r.method === 'POST');
});

const fill = (url: string, id: number | string = 1) => url.replace(/:[A-Za-z0-9_]+\*?/g, String(id));
const label = (r: RouteEntry) => `${r.method} ${r.url}`;
/** A route in both of SPEC §7's readings (`/api/v3/<group>/…` and `/api/<group>/…`), or as it is. */
const inBothReadings = (list: RouteEntry[]) =>
  list.flatMap((r) => (shortReading(r.url) === r.url ? [r] : [r, { ...r, url: shortReading(r.url) }]));
const call = (r: RouteEntry, token?: string, id: number | string = 1, body: unknown = {}) =>
  t.call(r.method as 'GET' | 'POST', fill(r.url, id), {
    ...(token ? { token } : {}),
    ...(r.method === 'POST' ? { body } : {}),
  });

/** Every code some feature's manifest owns (`permissions` of each module.ts). */
const ALL_CODES = new Set<string>(MODULES.flatMap((m) => m.permissions.flatMap((group) => Object.values(group))));
const SYSTEM_PREFIXES = [
  '/api/v3/system/dept/',
  '/api/v3/system/user/page',
  '/api/v3/system/user/detail',
  '/api/v3/system/user/save',
  '/api/v3/system/user/update/',
  '/api/v3/system/user/status',
  '/api/v3/system/user/resetPwd',
  '/api/v3/system/user/delete',
  '/api/v3/system/user/export',
  '/api/v3/system/role/',
  '/api/v3/system/menu/tree',
  '/api/v3/system/menu/permission',
  '/api/v3/system/menu/save',
  '/api/v3/system/menu/update/',
  '/api/v3/system/menu/delete',
  '/api/v3/system/post/',
  '/api/v3/permission/',
];
const isSystem = (r: RouteEntry) => SYSTEM_PREFIXES.some((p) => r.url.startsWith(p));

describe('route table', () => {
  it('holds the system routes and declares only known permission codes', () => {
    expect(routes.filter(isSystem).length).toBeGreaterThanOrEqual(35);
    for (const r of routes) if (r.permission) expect(ALL_CODES.has(r.permission), label(r)).toBe(true);
  });

  it('every private route answers A0301 (401) without a token, and with a bogus one, in both readings', async () => {
    const failures: string[] = [];
    for (const r of inBothReadings(routes.filter((x) => !x.public))) {
      const anon = await call(r);
      const bogus = await call(r, 'not-a-real-token');
      if (anon.body.code !== 'A0301' || anon.status !== 401 || bogus.body.code !== 'A0301') {
        failures.push(`${label(r)} → ${anon.status} ${anon.body.code} / ${bogus.body.code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every route that declares a permission answers A0312 (403) to a signed-in user without it, in both readings', async () => {
    const nobody = await f.member([]);
    const failures: string[] = [];
    for (const r of inBothReadings(routes.filter((x) => !x.public && x.permission))) {
      const res = await call(r, nobody.token);
      if (res.body.code !== 'A0312' || res.status !== 403)
        failures.push(`${label(r)} → ${res.status} ${res.body.code}`);
    }
    expect(failures).toEqual([]);
  });

  it('a user holding every other permission still gets A0312 on each route (one code withheld at a time)', async () => {
    const cid = await f.customer();
    const codes = [...new Set(routes.filter(isSystem).flatMap((r) => (r.permission ? [r.permission] : [])))];
    for (const withheld of codes) {
      const m = await f.member(
        codes.filter((c) => c !== withheld),
        3,
        cid,
      );
      for (const r of routes.filter((x) => isSystem(x) && x.permission === withheld)) {
        expect((await call(r, m.token)).body.code, `${label(r)} without ${withheld}`).toBe('A0312');
      }
    }
  });
});

describe('shared objects', () => {
  const isSharedWrite = (r: RouteEntry) =>
    /^\/api\/v3\/(system\/menu\/(save|update\/:|delete)|permission\/(save|update|delete)|system\/dict\/(.*\/)?(save|update|delete)|system\/dict\/cache\/update)/.test(
      r.url,
    );

  it('every write of menus, buttons and dictionaries is declared shared', () => {
    const writes = routes.filter(isSharedWrite);
    expect(writes.length).toBeGreaterThanOrEqual(13);
    expect(writes.filter((r) => !r.shared).map(label)).toEqual([]);
  });

  it('every shared route answers A0312 to a caller holding its permission without data scope "all"', async () => {
    const shared = routes.filter((r) => r.shared);
    const codes = [...new Set(shared.flatMap((r) => (r.permission ? [r.permission] : [])))];
    const scoped = await f.member(codes, 4);
    const failures: string[] = [];
    for (const r of shared) {
      const res = await call(r, scoped.token);
      if (res.body.code !== 'A0312') failures.push(`${label(r)} → ${res.body.code}`);
    }
    expect(failures).toEqual([]);
  });
});

/** A user id that is nobody's: "another user" for the otherUser rules. */
const OTHER_USER_ID = 2_000_000_000;

/** The value of a rule's field that makes the rule apply, or one that does not (undefined: left out). */
function ruleValue(rule: PermissionRule, applies: boolean, callerId: number): string | number | undefined {
  if (rule.when === 'absent') return applies ? undefined : 1;
  if (rule.when === 'present') return applies ? 1 : undefined;
  if (rule.when === 'otherUser') return applies ? OTHER_USER_ID : callerId;
  return applies ? rule.when.oneOf[0] : 'none-of-the-listed-values';
}

/** A call of `r` whose only deciding value is the rule's field (body, path or header). */
function callFor(r: RouteEntry, rule: PermissionRule, applies: boolean, caller: { id: number; token: string }) {
  const value = ruleValue(rule, applies, caller.id);
  const given = value === undefined ? {} : { [rule.key]: value };
  let url = r.url;
  if (rule.from === 'params') url = url.replace(`:${rule.key}`, String(value));
  return t.call(r.method as 'GET' | 'POST', fill(url), {
    token: caller.token,
    ...(r.method === 'POST' ? { body: rule.from === 'body' ? given : {} } : {}),
    ...(rule.from === 'headers'
      ? { headers: Object.fromEntries(Object.entries(given).map(([k, v]) => [k, String(v)])) }
      : {}),
  });
}

describe('permissions chosen by a value of the request (permissionWhen)', () => {
  const ruled = () => routes.filter((r) => r.permissionWhen?.length);

  it('are declared on the routes that need them, with known permission codes', () => {
    expect(ruled().map(label)).toEqual(
      expect.arrayContaining([
        'POST /api/v3/qa-file/qaSave',
        'POST /api/v3/knowledge/batch/update',
        'POST /api/v3/oss/file/upload',
        'GET /api/v3/system/user/info/:id',
        'POST /api/v3/system/user/info/update/:id',
        'POST /api/v3/system/user/password/update/:id',
      ]),
    );
    for (const r of ruled()) {
      for (const rule of r.permissionWhen ?? []) expect(ALL_CODES.has(rule.permission), label(r)).toBe(true);
    }
  });

  it('each rule refuses (A0312) a caller lacking only its permission when it applies, and nobody otherwise', async () => {
    const failures: string[] = [];
    for (const r of ruled()) {
      const rules = r.permissionWhen ?? [];
      for (const rule of rules) {
        // Everything else the route may ask for, so that only this rule can refuse.
        const others = [r.permission, ...rules.map((x) => x.permission)].filter(
          (code): code is string => !!code && code !== rule.permission,
        );
        // A shared route also needs data scope "all"; without it every caller is refused anyway.
        const scope = r.shared ? 1 : 3;
        const lacking = await f.member([...new Set(others)], scope);
        const holding = await f.member([...new Set([...others, rule.permission])], scope);
        const what = `${label(r)} ${rule.from}.${rule.key} ${JSON.stringify(rule.when)} → ${rule.permission}`;
        const refused = await callFor(r, rule, true, lacking);
        if (refused.body.code !== 'A0312' || refused.status !== 403) {
          failures.push(`${what}: applies, without it → ${refused.body.code}`);
        }
        const spared = await callFor(r, rule, false, lacking);
        if (spared.body.code === 'A0312') failures.push(`${what}: does not apply, without it → A0312`);
        const allowed = await callFor(r, rule, true, holding);
        if (allowed.body.code === 'A0312') failures.push(`${what}: applies, with it → A0312`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('QA save: a caller with only the add permission can add but not edit, and the other way round', async () => {
    const Q = KNOWLEDGE_QA_PERMISSIONS;
    const adder = await f.member([Q.list, Q.add]);
    const editor = await f.member([Q.list, Q.edit]);
    const save = (token: string, body: object) => t.call('POST', '/api/v3/qa-file/qaSave', { token, body });
    const added = await save(adder.token, { question: 'Opening hours?', answer: 'Nine to five.', newFileName: 'FAQ' });
    expect(added.body.code).toBe('00000');
    const id = (added.body.data as { id: number }).id;
    expect((await save(adder.token, { id, question: 'Opening hours?', answer: 'Ten to six.' })).body.code).toBe(
      'A0312',
    );
    expect((await save(editor.token, { question: 'Parking?', answer: 'Yes.', newFileName: 'FAQ' })).body.code).toBe(
      'A0312',
    );
  });
});

/** One row of each customer-owned kind in customer A, for B's administrator to aim at. */
async function customerARows() {
  const a = await f.customer(f.unique('Customer A '));
  const roleId = await f.role({ codes: [], customerId: a });
  const post = await f.ok<{ id: number }>('POST', '/api/v3/system/post/save', {
    customerId: a,
    code: 'a',
    name: 'A post',
  });
  const user = await f.user({ customerId: a, roleIds: [roleId] });
  return { dept: a, role: roleId, post: post.id, user: user.id };
}

describe('cross-customer', () => {
  it('every id-based system route of a customer-owned kind answers A0404 for customer A’s id and changes nothing', async () => {
    const rows = await customerARows();
    const codes = [...ALL_CODES].filter((c) => c.startsWith('system:'));
    const b = await f.member(codes);
    const idFor = (url: string): number | undefined => {
      if (url.includes('/system/dept/')) return rows.dept;
      if (url.includes('/system/role/')) return rows.role;
      if (url.includes('/system/post/')) return rows.post;
      if (url.includes('/system/user/')) return rows.user;
      return undefined;
    };
    const bodies: Record<string, unknown> = {
      dept: { parentId: b.customerId, name: 'Hijacked' },
      role: { name: 'Hijacked', key: 'hijacked', dataScope: 3, menuIds: [] },
      post: { code: 'h', name: 'Hijacked' },
      user: { customerId: b.customerId, nickName: 'Hijacked', enabled: false },
    };
    const idRoutes = routes.filter((r) => isSystem(r) && r.url.includes(':id') && idFor(r.url) !== undefined);
    expect(idRoutes.length).toBeGreaterThanOrEqual(10);
    for (const r of idRoutes) {
      const kind = r.url.split('/')[4] ?? '';
      const res = await call(r, b.token, idFor(r.url), bodies[kind]);
      expect(res.body.code, label(r)).toBe('A0404');
    }
    // Batch deletes take ids in the body.
    for (const [url, id] of [
      ['/api/v3/system/user/delete', rows.user],
      ['/api/v3/system/role/delete', rows.role],
      ['/api/v3/system/post/delete', rows.post],
    ] as const) {
      expect((await t.call('POST', url, { token: b.token, body: { ids: [id] } })).body.code, url).toBe('A0404');
    }
    const detail = await f.ok<{ nickName: string; enabled: boolean }>('GET', `/api/v3/system/user/detail/${rows.user}`);
    expect(detail.enabled).toBe(true);
    expect(detail.nickName).not.toBe('Hijacked');
  });

  it('no list of a system module shows customer A’s rows to customer B', async () => {
    const rows = await customerARows();
    const b = await f.member([...ALL_CODES].filter((c) => c.startsWith('system:')));
    const ids = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await t.call<unknown>(method, url, { token: b.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('00000');
      const data = res.body.data as { list?: { id: number }[] } | { id: number }[];
      return (Array.isArray(data) ? data : (data.list ?? [])).map((x) => x.id);
    };
    expect(await ids('GET', '/api/v3/system/dept/tree/all')).not.toContain(rows.dept);
    expect(await ids('GET', '/api/v3/system/dept/allList')).not.toContain(rows.dept);
    expect(await ids('POST', '/api/v3/system/dept/customer/list/page', { pageSize: 500 })).not.toContain(rows.dept);
    expect(await ids('POST', '/api/v3/system/user/page', { pageSize: 500, customerId: rows.dept })).toEqual([]);
    expect(await ids('POST', '/api/v3/system/role/page', { pageSize: 500 })).not.toContain(rows.role);
    expect(await ids('POST', '/api/v3/system/role/list', {})).not.toContain(rows.role);
    expect(await ids('POST', '/api/v3/system/post/page', { pageSize: 500 })).not.toContain(rows.post);
    expect(await ids('POST', '/api/v3/system/post/list', { customerId: rows.dept })).toEqual([]);
  });
});

function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

describe('bad input on the system routes', () => {
  it('a non-numeric id answers A0400 naming id', async () => {
    for (const r of routes.filter((x) => isSystem(x) && x.url.includes(':id'))) {
      const res = await call(r, admin(), 'abc');
      expect(res.body.code, label(r)).toBe('A0400');
      expect(res.body.message, label(r)).toContain(fieldLabel('id', 'en'));
    }
  });

  it('every body field given a wrong type or 10,000 characters answers A04xx naming that field by its label', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const r of routes.filter((x) => isSystem(x) && x.method === 'POST' && x.schema?.body)) {
      for (const key of shapeKeys(r.schema?.body)) {
        for (const value of [{ nested: true }, 'x'.repeat(10_000)]) {
          checked++;
          const res = await call(r, admin(), 1, { [key]: value });
          const fields = (res.body.data as { fields?: { field: string }[] } | null)?.fields ?? [];
          const named = fields.some((x) => x.field === key || x.field.startsWith(`${key}.`));
          // The message names the field by its label, never by its key (`customerIds`).
          const keyShown = /\b[a-z]+[A-Z][A-Za-z]*\b/.test(res.body.message);
          if (!/^A04\d\d$/.test(res.body.code) || !named || keyShown) {
            failures.push(`${label(r)} ${key}=${typeof value}: ${res.body.code} ${res.body.message}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  });
});
