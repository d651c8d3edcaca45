import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ChildServer, freePort, startChildServer } from '@agent-console/server/test/child-server';
import { databaseUrlWithName, withAdminClient } from '@agent-console/server/test/test-database';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Acceptance 3 of issue 14: an app that was running runs again after the console restarts, both
 * after a clean shutdown (which closes its listener) and after SIGKILL (which leaves `running` in
 * the database with nothing listening). Runs the built server, on the embedded database or on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'ac-apps-restart-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `ac_apps_${randomBytes(4).toString('hex')}`;
const PASSWORD = 'restart-test-admin';
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await withAdminClient(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

function env(): Record<string, string> {
  const base = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, APPS_HOST: '127.0.0.1' };
  return pgUrl ? { ...base, DATABASE_URL: databaseUrlWithName(pgUrl, dbName) } : base;
}

async function call<T>(s: ChildServer, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const res = await fetch(`${s.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: string; data: T };
  expect(json.code, `${method} ${url}`).toBe('00000');
  return json.data;
}

const login = async (s: ChildServer) =>
  (await call<{ accessToken: string }>(s, 'POST', '/api/login', undefined, { username: 'admin', password: PASSWORD }))
    .accessToken;

/** What the app itself answers: its health and a chat completion with its key. */
async function appAnswers(port: number, apiKey: string): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Is anybody there?' }] }),
    });
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    return body.choices[0]?.message.content ?? null;
  } catch {
    return null;
  }
}

async function statusOf(s: ChildServer, token: string, id: number): Promise<string | undefined> {
  const page = await call<{ list: { id: number; status: string }[] }>(
    s,
    'POST',
    '/api/v3/app/info/list/page',
    token,
    {},
  );
  return page.list.find((a) => a.id === id)?.status;
}

describe('apps across a console restart', () => {
  it('starts the apps that were running again, after a clean stop and after a kill', async () => {
    if (pgUrl) await withAdminClient(pgUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
    server = await startChildServer(env());
    let token = await login(server);
    const me = await call<{ customer: { id: number } }>(server, 'GET', '/api/v3/system/user/info', token);
    const app = await call<{ id: number; port: number; apiKey: string }>(
      server,
      'POST',
      '/api/v3/app/info/save',
      token,
      {
        customerId: me.customer.id,
        name: 'Survivor',
        code: 'survivor',
        port: await freePort(),
      },
    );
    const idle = await call<{ id: number; port: number }>(server, 'POST', '/api/v3/app/info/save', token, {
      customerId: me.customer.id,
      name: 'Idle',
      code: 'idle',
      port: await freePort(),
    });
    await call(server, 'GET', `/api/v3/app/info/startApp/${app.id}`, token);
    expect(await appAnswers(app.port, app.apiKey)).toBeTruthy();

    // A clean stop closes the listener ...
    await server.stop();
    expect(await appAnswers(app.port, app.apiKey)).toBeNull();
    // ... and the next start opens it again; the app that was stopped stays stopped.
    server = await startChildServer(env());
    token = await login(server);
    expect(await statusOf(server, token, app.id)).toBe('running');
    expect(await statusOf(server, token, idle.id)).toBe('stopped');
    expect(await appAnswers(app.port, app.apiKey)).toBeTruthy();
    expect(await appAnswers(idle.port, 'any')).toBeNull();

    // A kill leaves no time to close anything; the next start serves the app again.
    await server.kill();
    expect(await appAnswers(app.port, app.apiKey)).toBeNull();
    server = await startChildServer(env());
    token = await login(server);
    const s = server;
    await vi.waitFor(async () => expect(await appAnswers(app.port, app.apiKey)).toBeTruthy(), { timeout: 20_000 });
    expect(await statusOf(s, token, app.id)).toBe('running');
  }, 240_000);
});
