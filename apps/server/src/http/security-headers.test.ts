import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A tiny stand-in for the built web app: the headers do not depend on its content.
  webDist = mkdtempSync(path.join(tmpdir(), 'ac-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

function csp(headers: Record<string, unknown>): Record<string, string> {
  const value = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    value
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...rest] = d.split(/\s+/);
        return [name, rest.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it.each(['/index', '/api/health', '/api/v3/system/user/info'])(
    '%s carries CSP without inline scripts, no-sniff and frame denial',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = csp(res.headers);
      expect(policy['script-src']).toBe("'self'");
      expect(policy['script-src']).not.toContain('unsafe-inline');
      expect(policy['script-src']).not.toContain('unsafe-eval');
      expect(policy['frame-ancestors']).toBe("'none'");
      expect(policy['object-src']).toBe("'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    },
  );

  it('puts them on answers the router refuses before any hook runs (a malformed path parameter)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/system/user/detail/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0400' });
    expect(csp(res.headers)['frame-ancestors']).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('serves client routes with the SPA page, uncached, and hashed assets immutable', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/system/user' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('never serves files outside the web folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it('answers unknown API paths with the 404 envelope, not the web page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'A0404', message: 'Not found' });
  });

  it('sets no cookies: the token travels only in the Authorization header', async () => {
    const res = await t.call('POST', '/api/login', { body: { username: 'admin', password: 'wrong-password' } });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
