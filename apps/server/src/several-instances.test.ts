// @long-running: starts first (vitest.config.ts), so that it never holds a worker alone at the end.
import { USER_PERMISSIONS } from '@agent-console/contracts';
import {
  type ChildServer,
  childCall,
  childData,
  childLogin,
  freePort,
  startChildServer,
} from '@agent-console/server/test/child-server';
import { createScopedUser } from '@agent-console/server/test/fixtures/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { jobLogs, jobs, menus, roleMenus, sessions } from './db/schema';
import { fireTimesBetween } from './jobs/cron';

/**
 * Issue 20, acceptance 1: two console instances (the built server, as child processes) on one
 * PostgreSQL database and one data folder. Only on PostgreSQL: the embedded database has one
 * process by construction (db/data-dir-lock.ts, checked in app-restart.test.ts).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const data = childData('ac-instances', 'instances-test-admin');
let a: ChildServer;
let b: ChildServer;
let direct: Database;
let admin: string;

const USER_PAGE = '/api/v3/system/user/page';
/** The code a caller gets for a call it needs `user:list` for. */
async function codeOn(server: ChildServer, token: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}${USER_PAGE}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
  });
  return ((await res.json()) as { code: string }).code;
}

/** What a running app answers on its own port, or null when nothing listens there. */
async function appHealth(port: number, apiKey: string): Promise<number | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { headers: { authorization: `Bearer ${apiKey}` } });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

describe.runIf(pgUrl)('two console instances on one PostgreSQL', () => {
  beforeAll(async () => {
    await data.prepare();
    // Started together: one migrates and seeds while the other waits for the startup lock.
    [a, b] = await Promise.all([startChildServer(data.env()), startChildServer(data.env())]);
    direct = await openDatabase({ kind: 'postgres', url: data.env().DATABASE_URL as string, poolSize: 2 });
    admin = await childLogin(a, data.password);
  }, 480_000);

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await direct?.close();
    await data.dispose();
  });

  const signInOn = (server: ChildServer) => ({
    database: direct,
    login: async (username: string, password: string) =>
      (
        await childCall<{ accessToken: string }>(server, 'POST', '/api/login', undefined, {
          username,
          password,
        })
      ).accessToken,
  });

  it('migrated and seeded once though both started at the same moment', async () => {
    const { rows } = await direct.sql.query<{ n: number }>(
      "select count(*)::int as n from users where username = 'admin'",
    );
    expect(rows[0]?.n).toBe(1);
    expect((await childCall<{ username: string }>(b, 'GET', '/api/v3/system/user/info', admin)).username).toBe('admin');
  });

  it('a forced logout on one instance ends the session on the other at once', async () => {
    const user = await createScopedUser(signInOn(a), [USER_PERMISSIONS.list]);
    // Known to both instances, so both hold it in their caches.
    expect([await codeOn(a, user.token), await codeOn(b, user.token), await codeOn(b, user.token)]).toEqual([
      '00000',
      '00000',
      '00000',
    ]);
    const [session] = await direct.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    await childCall(a, 'GET', `/api/v3/monitor/online/user/logout/${session?.id}`, admin);
    expect(await codeOn(b, user.token)).toBe('A0301');
  });

  it('a role losing a permission on one instance applies on the other’s next request', async () => {
    const user = await createScopedUser(signInOn(b), [USER_PERMISSIONS.list]);
    expect([await codeOn(b, user.token), await codeOn(b, user.token)]).toEqual(['00000', '00000']);
    const info = await childCall<{ menuIds: number[] }>(a, 'GET', `/api/v3/system/role/info/${user.roleId}`, admin);
    const listing = await direct.db
      .select({ id: menus.id })
      .from(menus)
      .innerJoin(roleMenus, and(eq(roleMenus.menuId, menus.id), eq(roleMenus.roleId, user.roleId)))
      .where(eq(menus.permission, USER_PERMISSIONS.list));
    const withdrawn = new Set(listing.map((m) => m.id));
    expect(withdrawn.size).toBeGreaterThan(0);
    await childCall(a, 'POST', `/api/v3/system/role/permission/update/${user.roleId}`, admin, {
      menuIds: info.menuIds.filter((id) => !withdrawn.has(id)),
    });
    expect(await codeOn(b, user.token)).toBe('A0312');
  });

  it('a job due every five seconds runs once per fire over a minute, whichever instance ticks', async () => {
    const job = await childCall<{ id: number }>(a, 'POST', '/api/v3/system/job/save', admin, {
      name: 'every five seconds',
      handler: 'system.databaseHealth',
      cron: '*/5 * * * * *',
      enabled: true,
      // What is checked is one run per fire; a run that waited for the one before (a busy
      // machine) would be logged as skipped instead.
      concurrent: true,
    });
    const watermark = async () => {
      const [row] = await direct.db.select({ at: jobs.lastFireAt }).from(jobs).where(eq(jobs.id, job.id));
      return row?.at as Date;
    };
    const from = await watermark();
    // Both instances tick at each fire time; a minute of fires is claimed between them.
    await vi.waitFor(
      async () => expect((await watermark()).getTime() - from.getTime()).toBeGreaterThanOrEqual(60_000),
      {
        timeout: 90_000,
        interval: 1_000,
      },
    );
    await childCall(a, 'POST', `/api/v3/system/job/status/${job.id}`, admin, { enabled: false });
    const until = await watermark();
    const fires = fireTimesBetween('*/5 * * * * *', from, until, 1_000).length;
    expect(fires).toBeGreaterThanOrEqual(12);
    // Every claimed fire is queued once; wait until each has run (on either instance's worker).
    const runs = async () =>
      direct.db
        .select({ trigger: jobLogs.trigger, status: jobLogs.status })
        .from(jobLogs)
        .where(eq(jobLogs.jobId, job.id));
    await vi.waitFor(
      async () => {
        const logged = await runs();
        expect(logged.length).toBeGreaterThanOrEqual(fires);
        expect(logged.filter((r) => r.status === 'running')).toEqual([]);
      },
      { timeout: 30_000, interval: 500 },
    );
    const { rows: queued } = await direct.sql.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'system-job-run' and state in ('created', 'retry', 'active')",
    );
    expect(queued[0]?.n).toBe(0);
    const logged = await runs();
    expect(logged.length).toBe(fires);
    expect(new Set(logged.map((r) => `${r.trigger}/${r.status}`))).toEqual(new Set(['cron/success']));
  }, 600_000);

  it('an app served by an instance that is killed moves to the other within 15 s', async () => {
    const me = await childCall<{ customer: { id: number } }>(a, 'GET', '/api/v3/system/user/info', admin);
    const app = await childCall<{ id: number; port: number; apiKey: string }>(
      a,
      'POST',
      '/api/v3/app/info/save',
      admin,
      {
        customerId: me.customer.id,
        name: 'Wanderer',
        code: 'wanderer',
        port: await freePort(),
      },
    );
    await childCall(a, 'GET', `/api/v3/app/info/startApp/${app.id}`, admin);
    expect(await appHealth(app.port, app.apiKey)).toBe(200);
    // Starting it again on the other instance is refused: one instance serves it.
    const again = await fetch(`${b.baseUrl}/api/v3/app/info/startApp/${app.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(((await again.json()) as { code: string }).code).toBe('A0440');

    await a.kill();
    await vi.waitFor(async () => expect(await appHealth(app.port, app.apiKey)).toBe(200), {
      timeout: 15_000,
      interval: 200,
    });
    const page = await childCall<{ list: { id: number; status: string }[] }>(
      b,
      'POST',
      '/api/v3/app/info/list/page',
      admin,
      {},
    );
    expect(page.list.find((row) => row.id === app.id)?.status).toBe('running');

    // A stop asked of an instance that does not serve the app: the one serving it closes it,
    // and the stop answers once nobody serves it.
    a = await startChildServer(data.env());
    const stopped = await childCall<{ status: string }>(a, 'GET', `/api/v3/app/info/stopApp/${app.id}`, admin);
    expect(stopped.status).toBe('stopped');
    expect(await appHealth(app.port, app.apiKey)).toBeNull();
    // Its lock was let go: the instance that served it before can start it again.
    await childCall(b, 'GET', `/api/v3/app/info/startApp/${app.id}`, admin);
    expect(await appHealth(app.port, app.apiKey)).toBe(200);

    // A clean stop (SIGTERM) ends the process in time, closing the app's listener and letting go
    // of its lock, so the other instance takes the app over.
    await b.stop();
    expect(b.process.exitCode).toBe(0);
    expect(b.output()).toContain('SIGTERM: shutting down');
    expect(b.output()).not.toContain('did not finish in time');
    await vi.waitFor(async () => expect(await appHealth(app.port, app.apiKey)).toBe(200), {
      timeout: 15_000,
      interval: 200,
    });
  }, 360_000);
});
