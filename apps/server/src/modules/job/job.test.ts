import {
  fieldLabel,
  type Job,
  type JobHandlerInfo,
  type JobLog,
  type PageResult,
  PERMISSIONS,
} from '@agent-console/contracts';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobLogs, jobs, loginFailures, sessions } from '../../db/schema';

let t: TestApp;
let admin: string;
let staff: ScopedUser;
const J = PERMISSIONS.job;
const B = '/api/v3/system/job';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
  staff = await createScopedUser(t, [J.list, J.add, J.edit, J.remove, J.run]);
});
afterAll(() => t.close());

const job = (over: Record<string, unknown> = {}) => ({
  name: 'Health',
  handler: 'system.databaseHealth',
  params: { maxLatencyMs: 5000 },
  cron: '*/5 * * * *',
  ...over,
});

async function jobCount() {
  const [row] = await t.database.db.select({ n: count() }).from(jobs);
  return row?.n ?? 0;
}

async function create(token: string, over: Record<string, unknown> = {}) {
  const res = await t.call<Job>('POST', `${B}/save`, { token, body: job(over) });
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

describe('jobs', () => {
  it('lists the registered handlers with titles and example parameters', async () => {
    const res = await t.call<JobHandlerInfo[]>('GET', `${B}/handlers`, { token: admin });
    const names = res.body.data.map((h) => h.name);
    expect(names).toEqual(
      expect.arrayContaining(['auth.cleanLoginFailures', 'session.cleanExpired', 'system.databaseHealth']),
    );
    expect(res.body.data.find((h) => h.name === 'auth.cleanLoginFailures')?.exampleParams).toEqual({
      olderThanHours: 24,
    });
  });

  it('creates a job with defaults, in the caller’s customer, and shows five fire times once enabled', async () => {
    const created = await create(staff.token);
    expect(created).toMatchObject({
      customerId: staff.customerId,
      group: 'default',
      misfirePolicy: 'default',
      concurrent: false,
      enabled: false,
      nextFireTimes: [],
    });
    const enabled = await t.call<Job>('POST', `${B}/status/${created.id}`, {
      token: staff.token,
      body: { enabled: true },
    });
    const times = enabled.body.data.nextFireTimes.map((s) => new Date(s));
    expect(times).toHaveLength(5);
    for (const [i, d] of times.entries()) {
      expect(d.getUTCMinutes() % 5).toBe(0);
      if (i > 0) expect(d.getTime() - (times[i - 1]?.getTime() ?? 0)).toBe(5 * 60_000);
    }
  });

  it('updates a job, applying the handler’s parameter defaults', async () => {
    const created = await create(admin);
    const res = await t.call<Job>('POST', `${B}/update/${created.id}`, {
      token: admin,
      body: job({
        name: 'Old failures',
        handler: 'auth.cleanLoginFailures',
        params: {},
        cron: '0 3 * * *',
        misfirePolicy: 'doNothing',
        concurrent: true,
        group: 'system',
      }),
    });
    expect(res.body.data).toMatchObject({
      name: 'Old failures',
      params: { olderThanHours: 24 },
      misfirePolicy: 'doNothing',
      concurrent: true,
      group: 'system',
    });
  });

  it('pages with filters and an allow-listed sort', async () => {
    await create(admin, { name: 'zz-sort-me' });
    const res = await t.call<PageResult<Job>>('POST', `${B}/page`, {
      token: admin,
      body: { pageSize: 2, orderBy: { field: 'name', direction: 'desc' } },
    });
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.list[0]?.name).toBe('zz-sort-me');
    const filtered = await t.call<PageResult<Job>>('POST', `${B}/page`, { token: admin, body: { name: 'sort-me' } });
    expect(filtered.body.data.list.map((j) => j.name)).toEqual(['zz-sort-me']);
  });

  it('previews a cron expression or names cron when it is invalid', async () => {
    const ok = await t.call<{ nextFireTimes: string[] }>(
      'GET',
      `${B}/cron/next?cron=${encodeURIComponent('0 9 * * 1')}`,
      { token: admin },
    );
    expect(ok.body.data.nextFireTimes).toHaveLength(5);
    expect(new Date(ok.body.data.nextFireTimes[0] ?? '').getDay()).toBe(1);
    // Six fields: seconds first.
    const seconds = await t.call<{ nextFireTimes: string[] }>(
      'GET',
      `${B}/cron/next?cron=${encodeURIComponent('*/15 * * * * *')}`,
      { token: admin },
    );
    expect(seconds.body.data.nextFireTimes.map((at) => new Date(at).getSeconds() % 15)).toEqual([0, 0, 0, 0, 0]);
    for (const bad of [
      '61 * * * *',
      '* * * *',
      '0 0 0 0 * * *',
      'java.lang.Runtime.exec(1)',
      '* * 31 2 *',
      '61 * * * * *',
    ]) {
      const res = await t.call('GET', `${B}/cron/next?cron=${encodeURIComponent(bad)}`, { token: admin });
      expect(res.body.code, bad).toBe('A0400');
      expect(res.body.data).toEqual({ fields: [{ field: 'cron', reason: 'invalidFormat' }] });
    }
  });

  it('deletes jobs and keeps their run logs', async () => {
    const created = await create(admin);
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin });
    const res = await t.call('POST', `${B}/delete`, { token: admin, body: { ids: [created.id] } });
    expect(res.body.code).toBe('00000');
    const logs = await t.database.db.select().from(jobLogs).where(eq(jobLogs.jobName, created.name));
    expect(logs.some((l) => l.jobId === null)).toBe(true);
  });
});

describe('running', () => {
  it('runs now and writes one log row with status, message, start, end and duration', async () => {
    const created = await create(admin, { name: 'Run me' });
    const res = await t.call<{ queued: boolean }>('GET', `${B}/exec/${created.id}`, { token: admin });
    expect(res.body.data).toEqual({ queued: false });
    const logs = await t.call<PageResult<JobLog>>('POST', `${B}/log/page`, {
      token: admin,
      body: { jobId: created.id },
    });
    expect(logs.body.data.total).toBe(1);
    const [log] = logs.body.data.list;
    expect(log).toMatchObject({
      jobName: 'Run me',
      handler: 'system.databaseHealth',
      trigger: 'manual',
      status: 'success',
      error: null,
    });
    expect(log?.message).toMatch(/^database answered in \d+ ms$/);
    expect(log?.durationMs).toBeGreaterThanOrEqual(0);
    expect(new Date(log?.finishedAt ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(log?.startedAt ?? 0).getTime());
  });

  it('cleans expired sessions and nothing else', async () => {
    const [live] = await t.database.db.select().from(sessions).limit(1);
    if (!live) throw new Error('no session');
    await t.database.db
      .insert(sessions)
      .values({ ...live, id: 'expired-1', tokenHash: 'x'.repeat(64), expiresAt: new Date(Date.now() - 1000) });
    const created = await create(admin, { handler: 'session.cleanExpired', params: {} });
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin });
    const ids = (await t.database.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    expect(ids).not.toContain('expired-1');
    expect(ids).toContain(live.id);
  });

  it('cleans old unlocked sign-in failures but keeps locks in force and recent rows', async () => {
    const old = new Date(Date.now() - 48 * 3600_000);
    await t.database.db.insert(loginFailures).values([
      { username: 'old-unlocked', failures: 2, updatedAt: old },
      { username: 'old-locked', failures: 5, lockedUntil: new Date(Date.now() + 600_000), updatedAt: old },
      { username: 'recent', failures: 1 },
    ]);
    const created = await create(admin, { handler: 'auth.cleanLoginFailures', params: { olderThanHours: 24 } });
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin });
    const names = (await t.database.db.select().from(loginFailures)).map((r) => r.username);
    expect(names).toEqual(expect.arrayContaining(['old-locked', 'recent']));
    expect(names).not.toContain('old-unlocked');
  });

  it('records a failed run with its error when the parameters no longer pass', async () => {
    const created = await create(admin);
    // Parameters stored before a handler's schema changed no longer pass it: the run fails, logged.
    await t.database.db
      .update(jobs)
      .set({ params: { maxLatencyMs: -5 } })
      .where(eq(jobs.id, created.id));
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin });
    const [log] = await t.database.db.select().from(jobLogs).where(eq(jobLogs.jobId, created.id));
    expect(log).toMatchObject({ status: 'failed', message: null });
    expect(log?.error).toContain('params.maxLatencyMs');
  });
});

describe('job targets are registered names only (ANCHORS §B item 4)', () => {
  it.each([
    "java.lang.Runtime.getRuntime().exec('touch /tmp/pwned')",
    "require('child_process').execSync('id')",
    'process.exit',
    'childProcess.exec',
    'constructor.constructor',
    '__proto__',
  ])('refuses handler %s and stores nothing', async (handler) => {
    const before = await jobCount();
    const res = await t.call('POST', `${B}/save`, { token: admin, body: job({ handler }) });
    expect(res.body.code).toBe('A0400');
    expect(res.body.data).toMatchObject({ fields: [expect.objectContaining({ field: 'handler' })] });
    expect(await jobCount()).toBe(before);
  });

  it('refuses parameters the handler does not know, naming them', async () => {
    const res = await t.call('POST', `${B}/save`, {
      token: admin,
      body: job({ params: { maxLatencyMs: 10, command: "require('fs').rmSync('/')" } }),
    });
    expect(res.body.code).toBe('A0400');
    expect(res.body.message).toContain(fieldLabel('params', 'en'));
  });
});

describe('scope and permissions', () => {
  it('hides, and refuses by id, the jobs of another customer', async () => {
    const theirs = await create(admin, { name: 'HQ only' });
    const other = await createScopedUser(t, [J.list, J.add, J.edit, J.remove, J.run]);
    const page = await t.call<PageResult<Job>>('POST', `${B}/page`, { token: other.token, body: { pageSize: 500 } });
    expect(page.body.data.list.map((j) => j.id)).not.toContain(theirs.id);
    const list = await t.call<Job[]>('POST', `${B}/list`, { token: other.token });
    expect(list.body.data.map((j) => j.id)).not.toContain(theirs.id);

    const before = await t.database.db.select().from(jobs).where(eq(jobs.id, theirs.id));
    const attempts = [
      t.call('POST', `${B}/update/${theirs.id}`, { token: other.token, body: job({ name: 'hijacked' }) }),
      t.call('POST', `${B}/status/${theirs.id}`, { token: other.token, body: { enabled: true } }),
      t.call('POST', `${B}/delete`, { token: other.token, body: { ids: [theirs.id] } }),
      t.call('GET', `${B}/exec/${theirs.id}`, { token: other.token }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.body.code).toBe('A0404');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.id, theirs.id))).toEqual(before);
    const runs = await t.database.db.select().from(jobLogs).where(eq(jobLogs.jobId, theirs.id));
    expect(runs).toHaveLength(0);
  });

  it('hides the run logs of another customer’s jobs', async () => {
    const mine = await create(staff.token, { name: 'Staff run' });
    await t.call('GET', `${B}/exec/${mine.id}`, { token: staff.token });
    const other = await createScopedUser(t, [J.list]);
    const theirs = await t.call<PageResult<JobLog>>('POST', `${B}/log/page`, {
      token: other.token,
      body: { pageSize: 500 },
    });
    expect(theirs.body.data.list.map((l) => l.jobId)).not.toContain(mine.id);
    const own = await t.call<PageResult<JobLog>>('POST', `${B}/log/page`, {
      token: staff.token,
      body: { jobId: mine.id },
    });
    expect(own.body.data.total).toBe(1);
  });

  it('ignores a client-sent scope or customer', async () => {
    await create(admin, { name: 'HQ scope probe' });
    const res = await t.call<PageResult<Job>>('POST', `${B}/page`, {
      token: staff.token,
      body: { pageSize: 500, dataScope: 1, customerId: 1 },
    });
    expect(res.body.code).toBe('00000');
    expect(res.body.data.list.every((j) => j.customerId === staff.customerId)).toBe(true);
    const save = await t.call('POST', `${B}/save`, { token: staff.token, body: { ...job(), customerId: 1 } });
    expect(save.body.code).toBe('A0400');
  });

  const routes: ['GET' | 'POST', string, unknown][] = [
    ['POST', `${B}/page`, {}],
    ['POST', `${B}/list`, undefined],
    ['POST', `${B}/save`, job()],
    ['POST', `${B}/update/1`, job()],
    ['POST', `${B}/status/1`, { enabled: true }],
    ['POST', `${B}/delete`, { ids: [1] }],
    ['GET', `${B}/exec/1`, undefined],
    ['GET', `${B}/handlers`, undefined],
    ['GET', `${B}/cron/next?cron=*+*+*+*+*`, undefined],
    ['POST', `${B}/log/page`, {}],
  ];
  it.each(routes)('%s %s needs a session and the permission', async (method, url, body) => {
    const before = await jobCount();
    expect((await t.call(method, url, { body })).body.code).toBe('A0301');
    const nobody = await createScopedUser(t, []);
    const denied = await t.call(method, url, { token: nobody.token, body });
    expect(denied.body.code).toBe('A0312');
    expect(await jobCount()).toBe(before);
  });

  it('needs system:job:run to run, even with every other job permission', async () => {
    const created = await create(admin);
    const noRun = await createScopedUser(t, [J.list, J.add, J.edit, J.remove]);
    expect((await t.call('GET', `${B}/exec/${created.id}`, { token: noRun.token })).body.code).toBe('A0312');
  });
});

describe('bad input changes nothing and names the field', () => {
  const long = 'x'.repeat(10_000);
  const cases: [string, string, string, unknown][] = [
    [`${B}/save`, 'A0410', 'name', { ...job(), name: undefined }],
    [`${B}/save`, 'A0420', 'name', job({ name: long })],
    [`${B}/save`, 'A0420', 'cron', job({ cron: long })],
    [`${B}/save`, 'A0400', 'cron', job({ cron: 'every minute' })],
    [`${B}/save`, 'A0400', 'misfirePolicy', job({ misfirePolicy: 'fireAll' })],
    [`${B}/save`, 'A0400', 'group', job({ group: 'root' })],
    [`${B}/save`, 'A0400', 'concurrent', job({ concurrent: 'yes' })],
    [`${B}/save`, 'A0400', 'params', job({ params: 'rm -rf /' })],
    [`${B}/save`, 'A0400', 'params.maxLatencyMs', job({ params: { maxLatencyMs: 'fast' } })],
    [`${B}/save`, 'A0420', 'handler', job({ handler: long })],
    [`${B}/page`, 'A0400', 'orderBy.field', { orderBy: { field: 'name; drop table jobs' } }],
    [`${B}/log/page`, 'A0400', 'status', { status: 'exploded' }],
    [`${B}/log/page`, 'A0400', 'startedFrom', { startedFrom: 'yesterday' }],
    [`${B}/log/page`, 'A0400', 'orderBy.field', { orderBy: { field: 'CASE WHEN 1=1 THEN id END' } }],
    [`${B}/status/1`, 'A0400', 'enabled', { enabled: 'on' }],
  ];
  it.each(cases)('%s → %s naming %s', async (url, code, field, body) => {
    const before = await jobCount();
    const res = await t.call('POST', url, { token: admin, body });
    expect(res.body.code).toBe(code);
    expect(res.body.data).toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) });
    expect(await jobCount()).toBe(before);
  });

  it('answers A0404 for unknown ids', async () => {
    expect((await t.call('GET', `${B}/exec/999999`, { token: admin })).body.code).toBe('A0404');
    expect((await t.call('POST', `${B}/update/999999`, { token: admin, body: job() })).body.code).toBe('A0404');
  });
});
