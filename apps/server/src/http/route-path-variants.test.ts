import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { createTestApp } from '@agent-console/server/test/test-app';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus } from '../db/schema';
import { canonicalPath, isApiPath } from './request-path';
import type { RouteEntry } from './route-table';
import { shortReading } from './short-paths';

/**
 * Issue 11, item 1: the guard once decided on the raw URL while the router matched the decoded
 * path, so `/%61pi/...` reached handlers anonymously. Every spelling of every route's path is sent
 * over a real socket (fastify.inject normalises dot segments itself, a socket does not): it either
 * matches the route and gets that route's checks, or is a 404 — never a success.
 */
const { t, f } = useAdminApp();
let base: { host: string; port: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
});
afterAll(async () => {
  agent.destroy();
});

interface RawAnswer {
  status: number;
  code: string;
}

/** Sends the path exactly as written: no client-side normalisation. */
function raw(method: string, path: string, token?: string, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = http.request({ ...base, method, path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        let code = '';
        try {
          code = (JSON.parse(text) as { code?: string }).code ?? '';
        } catch {
          code = `non-JSON ${text.slice(0, 40)}`;
        }
        resolve({ status: res.statusCode ?? 0, code });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const fill = (url: string) => url.replace(/:[A-Za-z0-9_]+\*?/g, '1');
const encodeLetter = (segment: string) => segment.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);

/** The same path spelled every way a proxy, a browser or an attacker might spell it. */
function pathVariants(path: string): string[] {
  const segments = path.split('/').slice(1);
  const last = segments.length - 1;
  const withSegment = (i: number, value: string) => `/${segments.map((s, j) => (j === i ? value : s)).join('/')}`;
  return [
    withSegment(0, encodeLetter(segments[0] ?? '')),
    withSegment(last, encodeLetter(segments[last] ?? '')),
    `/${segments.map(encodeLetter).join('/')}`,
    withSegment(0, `%25${(segments[0] ?? '').charCodeAt(0).toString(16)}${(segments[0] ?? '').slice(1)}`),
    `/${path}`,
    path.replace('/api/', '/api//'),
    path.replace('/api/', '/api/./'),
    path.replace('/api/', '/api/x/../'),
    path.replace('/api/', '/api/%2e/'),
    path.replace('/api/', '/api%2f'),
    path.toUpperCase(),
    path.replace('/api/', '/API/'),
    `${path}/`,
    `${path};x=1`,
  ];
}

const isRefusal = (answer: RawAnswer, codes: string[]) =>
  answer.status === 404 || (codes.includes(answer.code) && answer.status >= 400 && answer.status < 500);

describe('path variants', () => {
  it('an encoded prefix no longer lets an anonymous caller read or create menus', async () => {
    expect(await raw('GET', '/%61pi/v3/system/menu/tree')).toEqual({ status: 401, code: 'A0301' });
    const [before] = await t.database.db.select({ n: count() }).from(menus);
    const body = JSON.stringify({ type: 'directory', name: 'Planted', titles: { en: 'Planted' }, path: '/planted' });
    const answer = await raw('POST', '/%61pi/v3/system/menu/save', undefined, body);
    expect(answer).toEqual({ status: 401, code: 'A0301' });
    const [after] = await t.database.db.select({ n: count() }).from(menus);
    expect(after?.n).toBe(before?.n);
  });

  it('every spelling of every private route is refused without a token, and with one lacking the permission', async () => {
    const routes = t.app.routeTable.filter((r: RouteEntry) => !r.public && (r.method === 'GET' || r.method === 'POST'));
    expect(routes.length).toBeGreaterThan(80);
    const nobody = await f.member([]);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const body = route.method === 'POST' ? '{}' : undefined;
      // Both of SPEC §7's readings: a short path is rewritten before routing, so its spellings too.
      const readings = new Set([fill(route.url), shortReading(fill(route.url))]);
      for (const path of [...readings].flatMap(pathVariants)) {
        sent++;
        const anon = await raw(route.method, path, undefined, body);
        if (!isRefusal(anon, ['A0301']))
          failures.push(`anonymous ${route.method} ${path} → ${anon.status} ${anon.code}`);
        if (!route.permission) continue;
        const denied = await raw(route.method, path, nobody.token, body);
        if (!isRefusal(denied, ['A0312'])) {
          failures.push(`no permission ${route.method} ${path} → ${denied.status} ${denied.code}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
  });

  it('a path aimed at the API that matches no route is a 404 envelope, however it is spelled', async () => {
    for (const path of [
      '//api/v3/system/menu/tree',
      '/API/v3/system/menu/tree',
      '/%2561pi/v3/x',
      '/api/v3/nope',
      '/api/nope/system/menu/tree',
      '/api/v3/v3/system/menu/tree',
      '/api/%73ystem/menu/tree',
      '/api/system/../v3/system/menu/tree',
    ]) {
      expect(await raw('GET', path), path).toEqual({ status: 404, code: 'A0404' });
    }
  });
});

describe('the web app beside the API', () => {
  it('serves its files and client routes to anyone, but never answers an API-looking path with a page', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'agent-console-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const web = await createTestApp({ webDist: dist });
    try {
      expect((await web.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      const page = await web.app.inject({ method: 'GET', url: '/system/user' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>console</title>');
      for (const url of ['//api/v3/system/menu/tree', '/API/v3/x', '/%2561pi/v3/x', '/api']) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'A0404' });
      }
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('canonical path', () => {
  it('undoes encoding, repeated slashes, dot segments and case', () => {
    expect(canonicalPath('/%61pi//V3/./x/../system/%2561?q=1')).toBe('/api/v3/system/a');
    expect(isApiPath('/%41PI')).toBe(true);
    expect(isApiPath('/api-docs')).toBe(false);
    expect(isApiPath('/system/user')).toBe(false);
  });
});
