import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from './route-table';
import { ShortPaths, shortReading } from './short-paths';

/**
 * Issue 37, SPEC §7: every call has two readings, `/api/v3/<group>/…` and the short `/api/<group>/…`.
 * The route matrix, the path-spelling test and the fuzz test send both readings of every route;
 * this file checks that the short one is the same call, not a look-alike.
 */
const { t, admin, f } = useAdminApp();

describe('the short reading', () => {
  it('answers as the long reading: the same data, the same validation, the same permission', async () => {
    const long = await t.call('GET', '/api/v3/system/user/info', { token: admin() });
    const short = await t.call('GET', '/api/system/user/info', { token: admin() });
    expect(short.status).toBe(200);
    expect(short.body).toEqual(long.body);

    const badInput = { token: admin(), body: { pageNum: 0, pageSize: 10 } };
    const bad = await t.call('POST', '/api/system/user/page', badInput);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual((await t.call('POST', '/api/v3/system/user/page', badInput)).body);

    const nobody = await f.member([]);
    expect((await t.call('POST', '/api/system/user/page', { token: nobody.token, body: {} })).body.code).toBe('A0312');
    expect((await t.call('POST', '/api/system/user/page', { body: {} })).body.code).toBe('A0301');
  });

  it('writes through the same route: a customer made by the short path is in the long list, and in the operation log', async () => {
    const name = f.unique('short-reading');
    const rootId = await f.rootId();
    const made = await t.call('POST', '/api/system/dept/save', { token: admin(), body: { name, parentId: rootId } });
    expect(made.body.code).toBe('00000');
    const tree = await t.call<unknown>('GET', '/api/v3/system/dept/tree/all', { token: admin() });
    expect(JSON.stringify(tree.body.data)).toContain(name);
    await expect
      .poll(async () => {
        const log = await t.call<{ list: { requestUrl?: string; title?: string }[] }>(
          'POST',
          '/api/v3/monitor/operation/log/page',
          { token: admin(), body: { pageNum: 1, pageSize: 5 } },
        );
        return log.body.data.list.some((row) => JSON.stringify(row).includes('/system/dept/save'));
      })
      .toBe(true);
  });

  it('leaves every other path under /api/ alone: sign-in, health, and paths of no group', async () => {
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    expect((await t.call('GET', '/api/nope/system/user/info', { token: admin() })).status).toBe(404);
    expect((await t.call('GET', '/api/v3/v3/system/user/info', { token: admin() })).status).toBe(404);
  });

  it('spells every long path short, and nothing else', () => {
    expect(shortReading('/api/v3/system/user/page')).toBe('/api/system/user/page');
    expect(shortReading('/api/login')).toBe('/api/login');
    expect(shortReading('/gateway-sim/x')).toBe('/gateway-sim/x');
  });

  it('refuses to start when a group name is also a path of its own under /api/', () => {
    const entry = (url: string) => ({ method: 'GET', url, public: false, shared: false, audit: null }) as RouteEntry;
    const clashing = { routeTable: [entry('/api/v3/health/x'), entry('/api/health')] } as unknown as FastifyInstance;
    expect(() => new ShortPaths().learn(clashing)).toThrow(/\/api\/v3\/health/);
    const fine = { routeTable: [entry('/api/v3/system/x'), entry('/api/health')] } as unknown as FastifyInstance;
    const paths = new ShortPaths();
    paths.learn(fine);
    expect(paths.rewrite({ url: '/api/system/x?y=1' } as never)).toBe('/api/v3/system/x?y=1');
    expect(paths.rewrite({ url: '/api/health' } as never)).toBe('/api/health');
    expect(paths.rewrite({ url: '/api/systems/x' } as never)).toBe('/api/systems/x');
  });
});
