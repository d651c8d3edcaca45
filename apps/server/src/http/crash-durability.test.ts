import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ChildServer, startChildServer } from '@agent-console/server/test/child-server';
import { databaseUrlWithName, withAdminClient } from '@agent-console/server/test/test-database';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Fault test (issue 7): SIGKILL the server in the middle of a burst of writes, start it again on
 * the same data, and check that every write answered 00000 is there and nothing is half-written.
 * Runs the built server on the embedded database, or on PostgreSQL when TEST_DATABASE_URL is set.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'ac-crash-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `ac_crash_${randomBytes(4).toString('hex')}`;
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await withAdminClient(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

async function env(): Promise<Record<string, string>> {
  const base = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'crash-test-admin', LOGIN_RATE_LIMIT: '100000' };
  if (!pgUrl) return base;
  return { ...base, DATABASE_URL: databaseUrlWithName(pgUrl, dbName) };
}

async function post(baseUrl: string, url: string, body: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; data: { accessToken?: string } & Record<string, unknown> };
}

describe('a server killed during a burst of writes', () => {
  it('keeps every acknowledged write and no half-written one', async () => {
    if (pgUrl) await withAdminClient(pgUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
    server = await startChildServer(await env());
    const login = await post(server.baseUrl, '/api/login', { username: 'admin', password: 'crash-test-admin' });
    expect(login.code).toBe('00000');
    const code = invitationCode();

    const acknowledged: string[] = [];
    let stop = false;
    let sent = 0;
    const worker = async () => {
      while (!stop) {
        const username = `crash${sent++}`;
        try {
          const res = await post(server?.baseUrl ?? '', '/api/register', {
            username,
            password: 'secret-123',
            confirmPassword: 'secret-123',
            invitationCode: code,
            agreement: true,
          });
          if (res.code === '00000') acknowledged.push(username);
        } catch {
          // the connection died with the server: this write was never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    // Kill once enough writes are acknowledged that the kill surely lands mid-burst.
    while (acknowledged.length < 15) await new Promise((r) => setTimeout(r, 20));
    await server.kill();
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);

    server = await startChildServer(await env());
    const admin = await post(server.baseUrl, '/api/login', { username: 'admin', password: 'crash-test-admin' });
    expect(admin.code).toBe('00000');
    // Every acknowledged user exists and can sign in, which needs the user row and its password.
    for (const username of acknowledged) {
      const res = await post(server.baseUrl, '/api/login', { username, password: 'secret-123' });
      expect(res.code, username).toBe('00000');
    }
    // Nothing half-written: every registered user got its role in the same transaction.
    const orphans = await countUsersWithoutRole(server);
    expect(orphans).toBe(0);
  }, 360_000);
});

/** The first start prints the root customer's invitation code; read it from the server's output. */
function invitationCode(): string {
  const match = /Invitation code of the root customer: (\w+)/.exec(server?.output() ?? '');
  if (match?.[1]) return match[1];
  throw new Error(`no invitation code in server output:\n${server?.output()}`);
}

async function countUsersWithoutRole(s: ChildServer): Promise<number> {
  // Stop the server so the embedded database can be opened by this process.
  await s.stop();
  server = undefined;
  const sql =
    'SELECT count(*)::int AS n FROM users u WHERE NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)';
  if (pgUrl) {
    const client = new pg.Client({ connectionString: databaseUrlWithName(pgUrl, dbName) });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(sql)).rows[0]?.n ?? -1;
    } finally {
      await client.end();
    }
  }
  const { openDatabase } = await import('../db/client');
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return (await database.sql.query<{ n: number }>(sql)).rows[0]?.n ?? -1;
  } finally {
    await database.close();
  }
}
