import { APP_INFO_PERMISSIONS } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appItems, appNamespaces, apps, operationLogs } from '../../../db/schema';
import { sha256 } from '../../../lib/random';
import { DEFAULT_APP_PORTS } from '../../config/app-config/app-port';
import { appRuntimeOf } from './runtime/runtime-of';

const { t, admin, f } = useAdminApp();

const P = '/api/v3/app/info';
type App = {
  id: number;
  customerId: number;
  customerName: string;
  name: string;
  code: string;
  port: number;
  description: string | null;
  status: string;
  keyPrefix: string;
  apiKey?: string;
};
const appRow = async (id: number) => (await t.database.db.select().from(apps).where(eq(apps.id, id)))[0];
const countApps = async () => (await t.database.db.select({ id: apps.id }).from(apps)).length;

async function newApp(customerId: number, extra: Partial<App> = {}, token = admin()): Promise<App> {
  const port = extra.port ?? (await freePort());
  const suffix = f.unique('').toLowerCase();
  return f.ok<App>(
    'POST',
    `${P}/save`,
    { customerId, name: `App ${suffix}`, code: `app-${suffix}`, port, description: 'Answers questions', ...extra },
    token,
  );
}

/** An `agent` namespace of the app with one item (topK = 3): configuration that goes with the app. */
async function agentNamespace(customerId: number, appId: number) {
  const [ns] = await t.database.db.insert(appNamespaces).values({ customerId, appId, name: 'agent' }).returning();
  await t.database.db.insert(appItems).values({ customerId, namespaceId: ns?.id ?? 0, key: 'topK', value: '3' });
  return ns;
}

describe('app info', () => {
  it('creates an app, answering its key once and storing only its hash', async () => {
    const cid = await f.customer();
    const res = await t.call<App>('POST', `${P}/save`, {
      token: admin(),
      body: {
        customerId: cid,
        name: 'Support bot',
        code: 'support-bot',
        port: await freePort(),
        description: ' Help ',
      },
    });
    expect(res.body.code).toBe('00000');
    expect(res.headers['cache-control']).toBe('no-store');
    const app = res.body.data;
    expect(app).toMatchObject({ name: 'Support bot', code: 'support-bot', status: 'stopped', description: 'Help' });
    expect(app.apiKey).toMatch(/^ak-[\w-]{32}$/);
    expect(app.keyPrefix).toBe(app.apiKey?.slice(0, 10));
    const row = await appRow(app.id);
    expect(row?.keyHash).toBe(sha256(app.apiKey ?? ''));
    expect(JSON.stringify(row)).not.toContain(app.apiKey);
    // The page never carries the key, and the operation log keeps the answer (no-store: it holds
    // a credential) out altogether.
    const page = await f.ok<{ list: App[] }>('POST', `${P}/list/page`, { customerId: cid });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).not.toHaveProperty('apiKey');
    await vi.waitFor(async () => {
      const logs = await t.database.db.select().from(operationLogs);
      const saved = logs.find((l) => l.path === `${P}/save`);
      expect(saved?.result).toBe('******');
      expect(JSON.stringify(saved)).not.toContain(app.apiKey);
    });
  });

  it('pages with keyword, customer and status filters and an allow-listed sort', async () => {
    const cid = await f.customer();
    const a = await newApp(cid, { name: 'Alpha desk', code: 'alpha' });
    const b = await newApp(cid, { name: 'Beta desk', code: 'beta-desk' });
    await newApp(cid, { name: 'Gamma', code: 'gamma' });
    await t.database.db
      .update(apps)
      .set({ status: 'failed', statusReason: 'Port 1 is already in use' })
      .where(eq(apps.id, b.id));
    const byKeyword = await f.ok<{ list: App[]; total: number }>('POST', `${P}/list/page`, {
      customerId: cid,
      keyword: 'desk',
      orderBy: { field: 'name', direction: 'desc' },
    });
    expect(byKeyword.list.map((x) => x.code)).toEqual(['beta-desk', 'alpha']);
    const byCode = await f.ok<{ list: App[] }>('POST', `${P}/list/page`, { customerId: cid, keyword: 'ALPHA' });
    expect(byCode.list.map((x) => x.id)).toEqual([a.id]);
    const failed = await f.ok<{ list: App[] }>('POST', `${P}/list/page`, { customerId: cid, status: 'failed' });
    expect(failed.list.map((x) => x.id)).toEqual([b.id]);
    const paged = await f.ok<{ list: App[]; total: number }>('POST', `${P}/list/page`, {
      customerId: cid,
      pageSize: 2,
      pageNum: 2,
      orderBy: { field: 'port', direction: 'asc' },
    });
    expect(paged.total).toBe(3);
    expect(paged.list).toHaveLength(1);
    const badSort = await t.call('POST', `${P}/list/page`, { token: admin(), body: { orderBy: { field: 'keyHash' } } });
    expect(badSort.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'orderBy.field' }] } });
    const options = await f.ok<{ id: number }[]>('GET', `${P}/getList?customerId=${cid}`);
    expect(options).toHaveLength(3);
  });

  it('changes an app, and moves its configuration with it to another customer', async () => {
    const cid = await f.customer();
    const app = await newApp(cid);
    const ns = await agentNamespace(cid, app.id);
    const other = await f.customer();
    const port = await freePort();
    const changed = await f.ok<App>('POST', `${P}/update/${app.id}`, {
      customerId: other,
      name: 'Renamed',
      code: 'renamed',
      port,
      description: null,
    });
    expect(changed).toMatchObject({ customerId: other, name: 'Renamed', code: 'renamed', port, description: null });
    const [movedNs] = await t.database.db.select().from(appNamespaces).where(eq(appNamespaces.appId, app.id));
    expect(movedNs?.customerId).toBe(other);
    const [movedItem] = await t.database.db
      .select()
      .from(appItems)
      .where(eq(appItems.namespaceId, ns?.id ?? 0));
    expect(movedItem?.customerId).toBe(other);
  });

  it('suggests a port no app holds and nothing listens on', async () => {
    const held = await newApp(await f.customer());
    for (let i = 0; i < 5; i++) {
      const { port } = await f.ok<{ port: number }>('GET', `${P}/getPort`);
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThanOrEqual(65535);
      expect(port).not.toBe(held.port);
    }
  });

  it('rotates the key: the new one answers once, the old hash is gone', async () => {
    const app = await newApp(await f.customer());
    const res = await t.call<{ apiKey: string }>('POST', `${P}/rotateKey/${app.id}`, { token: admin(), body: {} });
    expect(res.body.code).toBe('00000');
    expect(res.headers['cache-control']).toBe('no-store');
    const row = await appRow(app.id);
    expect(row?.keyHash).toBe(sha256(res.body.data.apiKey));
    expect(res.body.data.apiKey).not.toBe(app.apiKey);
    expect(row?.keyPrefix).toBe(res.body.data.apiKey.slice(0, 10));
  });

  it('deletes a stopped app with its namespaces and items', async () => {
    const cid = await f.customer();
    const app = await newApp(cid);
    const ns = await agentNamespace(cid, app.id);
    expect(await f.ok('GET', `${P}/delete/${app.id}`)).toEqual({ affected: 1 });
    expect(await appRow(app.id)).toBeUndefined();
    expect(await t.database.db.select().from(appNamespaces).where(eq(appNamespaces.appId, app.id))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(appItems)
        .where(eq(appItems.namespaceId, ns?.id ?? 0)),
    ).toEqual([]);
  });
});

describe('app field rules', () => {
  it('refuses bad input naming the field, writing nothing', async () => {
    const cid = await f.customer();
    const base = { customerId: cid, name: 'Valid', code: 'valid', port: await freePort() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ port: 80 }, 'port', 'A0420'],
      [{ port: 70000 }, 'port', 'A0420'],
      [{ port: 4100.5 }, 'port', 'A0400'],
      [{ port: '4100' }, 'port', 'A0400'],
      [{ code: 'Has Caps' }, 'code', 'A0400'],
      [{ code: 'under_score' }, 'code', 'A0400'],
      [{ code: 'x'.repeat(65) }, 'code', 'A0420'],
      [{ name: 'n'.repeat(65) }, 'name', 'A0420'],
      [{ name: '  ' }, 'name', 'A0410'],
      [{ description: 'd'.repeat(501) }, 'description', 'A0420'],
      [{ customerId: undefined }, 'customerId', 'A0410'],
    ];
    const before = await countApps();
    for (const [change, field, code] of cases) {
      const res = await t.call('POST', `${P}/save`, { token: admin(), body: { ...base, ...change } });
      expect(res.body, JSON.stringify(change)).toMatchObject({ code, data: { fields: [{ field }] } });
      expect(res.status).toBe(400);
    }
    expect(await countApps()).toBe(before);
  });

  it('keeps name and code unique per customer and the port unique on the host', async () => {
    const cid = await f.customer();
    const first = await newApp(cid, { name: 'Desk', code: 'desk' });
    const before = await countApps();
    const clash = async (body: Record<string, unknown>) =>
      (await t.call('POST', `${P}/save`, { token: admin(), body: { customerId: cid, ...body } })).body;
    expect(await clash({ name: 'Desk', code: 'other', port: await freePort() })).toMatchObject({
      code: 'A0111',
      data: { fields: [{ field: 'name', reason: 'taken' }] },
    });
    expect(await clash({ name: 'Other', code: 'desk', port: await freePort() })).toMatchObject({
      code: 'A0111',
      data: { fields: [{ field: 'code', reason: 'taken' }] },
    });
    const otherCustomer = await f.customer();
    const portClash = await t.call('POST', `${P}/save`, {
      token: admin(),
      body: { customerId: otherCustomer, name: 'Other', code: 'other', port: first.port },
    });
    expect(portClash.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'port', reason: 'taken' }] } });
    expect(await countApps()).toBe(before);
    // Another customer may use the same name and code.
    await newApp(otherCustomer, { name: 'Desk', code: 'desk' });
    // An update that clashes changes nothing.
    const second = await newApp(cid);
    const res = await t.call('POST', `${P}/update/${second.id}`, {
      token: admin(),
      body: { customerId: cid, name: second.name, code: 'desk', port: second.port },
    });
    expect(res.body).toMatchObject({ code: 'A0111', data: { fields: [{ field: 'code' }] } });
    expect((await appRow(second.id))?.code).toBe(second.code);
  });
});

describe('app permissions and scope', () => {
  it('answers A0312 to a caller without the permission of each call', async () => {
    const cid = await f.customer();
    const app = await newApp(cid);
    const all = Object.values(APP_INFO_PERMISSIONS);
    const calls: [string, 'GET' | 'POST', string, unknown][] = [
      [APP_INFO_PERMISSIONS.list, 'POST', `${P}/list/page`, {}],
      [APP_INFO_PERMISSIONS.list, 'GET', `${P}/getPort`, undefined],
      [APP_INFO_PERMISSIONS.add, 'POST', `${P}/save`, { customerId: cid, name: 'N', code: 'n', port: 20001 }],
      [
        APP_INFO_PERMISSIONS.edit,
        'POST',
        `${P}/update/${app.id}`,
        { customerId: cid, name: 'N', code: 'n', port: 20001 },
      ],
      [APP_INFO_PERMISSIONS.start, 'GET', `${P}/startApp/${app.id}`, undefined],
      [APP_INFO_PERMISSIONS.stop, 'GET', `${P}/stopApp/${app.id}`, undefined],
      [APP_INFO_PERMISSIONS.remove, 'GET', `${P}/delete/${app.id}`, undefined],
      [APP_INFO_PERMISSIONS.key, 'POST', `${P}/rotateKey/${app.id}`, {}],
      [APP_INFO_PERMISSIONS.key, 'POST', `${P}/rotateWidgetKey/${app.id}`, {}],
      [APP_INFO_PERMISSIONS.list, 'POST', `${P}/visitors/page`, { appId: app.id }],
    ];
    for (const [code, method, url, body] of calls) {
      const m = await f.member(
        all.filter((c) => c !== code),
        1,
      );
      const res = await t.call(method, url, { token: m.token, ...(body === undefined ? {} : { body }) });
      expect(res.body.code, `${url} without ${code}`).toBe('A0312');
    }
    expect((await appRow(app.id))?.status).toBe('stopped');
  });

  it('treats another customer’s app as missing and refuses to create one there', async () => {
    const theirs = await newApp(await f.customer());
    const m = await f.member(Object.values(APP_INFO_PERMISSIONS));
    const mine = await newApp(m.customerId, {}, m.token);
    const page = await f.ok<{ list: App[] }>('POST', `${P}/list/page`, {}, m.token);
    expect(page.list.map((a) => a.id)).toEqual([mine.id]);
    const options = await f.ok<{ id: number }[]>('GET', `${P}/getList`, undefined, m.token);
    expect(options.map((a) => a.id)).toEqual([mine.id]);
    const body = { customerId: theirs.customerId, name: 'Mine now', code: 'mine-now', port: theirs.port };
    for (const [method, url, payload] of [
      ['POST', `${P}/update/${theirs.id}`, { ...body, customerId: m.customerId }],
      ['GET', `${P}/startApp/${theirs.id}`, undefined],
      ['GET', `${P}/stopApp/${theirs.id}`, undefined],
      ['GET', `${P}/delete/${theirs.id}`, undefined],
      ['POST', `${P}/rotateKey/${theirs.id}`, {}],
      ['POST', `${P}/rotateWidgetKey/${theirs.id}`, {}],
    ] as const) {
      const res = await t.call(method, url, { token: m.token, ...(payload === undefined ? {} : { body: payload }) });
      const missing = await t.call(method, url.replace(String(theirs.id), '999999'), {
        token: m.token,
        ...(payload === undefined ? {} : { body: payload }),
      });
      expect(res.body.code, url).toBe('A0404');
      expect(res.body).toEqual(missing.body);
    }
    const created = await t.call('POST', `${P}/save`, { token: m.token, body: { ...body, port: await freePort() } });
    expect(created.body).toMatchObject({ code: 'A0312', data: { fields: [{ field: 'customerId' }] } });
    const row = await appRow(theirs.id);
    expect(row).toMatchObject({ name: theirs.name, status: 'stopped', keyHash: sha256(theirs.apiKey ?? '') });
  });

  it('keeps a customer’s apps off reserved ports and outside the apps’ range, at save and at start', async () => {
    const m = await f.member(Object.values(APP_INFO_PERMISSIONS));
    const runtime = appRuntimeOf({ database: t.database });
    // As if the console, or a service it reaches, listened there.
    const reserved = await freePort();
    runtime.ports.reserve(reserved);
    const before = await countApps();
    const range = `${DEFAULT_APP_PORTS.min}–${DEFAULT_APP_PORTS.max}`;
    for (const [port, problem] of [
      [reserved, { field: 'port', reason: 'reservedPort' }],
      [8080, { field: 'port', reason: 'notAppPort', detail: range }],
      [5432, { field: 'port', reason: 'notAppPort', detail: range }],
    ] as const) {
      const res = await t.call('POST', `${P}/save`, {
        token: m.token,
        body: { customerId: m.customerId, name: 'Squatter', code: 'squatter', port },
      });
      expect(res.body, String(port)).toMatchObject({ code: 'A0420', data: { fields: [problem] } });
    }
    expect(await countApps()).toBe(before);
    const mine = await newApp(m.customerId, {}, m.token);
    const moved = await t.call('POST', `${P}/update/${mine.id}`, {
      token: m.token,
      body: { customerId: m.customerId, name: mine.name, code: mine.code, port: reserved },
    });
    expect(moved.body).toMatchObject({ code: 'A0420', data: { fields: [{ field: 'port', reason: 'reservedPort' }] } });
    expect((await appRow(mine.id))?.port).toBe(mine.port);
    // A row that names such a port anyway (saved before the rule) fails to start and binds nothing.
    await t.database.db.update(apps).set({ port: reserved }).where(eq(apps.id, mine.id));
    const started = await f.ok<{ status: string; statusReason: string }>(
      'GET',
      `${P}/startApp/${mine.id}`,
      undefined,
      m.token,
    );
    expect(started).toMatchObject({
      status: 'failed',
      statusReason: `Port ${reserved} is not a port apps may use on this host`,
    });
    expect(runtime.isListening(mine.id)).toBe(false);
  });
});
