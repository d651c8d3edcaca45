import {
  fieldLabel,
  JOB_PERMISSIONS,
  type Job,
  type JobHandlerInfo,
  type JobLog,
  type PageResult,
} from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobLogs, jobs, loginFailures, sessions } from '../../../db/schema';
import { runJob } from '../../../jobs/runner';
import { MAX_ENABLED_JOBS_PER_CUSTOMER } from './job.service';

const { t, admin } = useAdminApp();
let staff: ScopedUser;
const J = JOB_PERMISSIONS;
const B = '/api/v3/system/job';

beforeAll(async () => {
  staff = await createScopedUser(t, [J.list, J.add, J.edit, J.remove, J.run]);
});

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
    const res = await t.call<JobHandlerInfo[]>('GET', `${B}/handlers`, { token: admin() });
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
    const created = await create(admin());
    const res = await t.call<Job>('POST', `${B}/update/${created.id}`, {
      token: admin(),
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
    await create(admin(), { name: 'zz-sort-me' });
    const res = await t.call<PageResult<Job>>('POST', `${B}/page`, {
      token: admin(),
      body: { pageSize: 2, orderBy: { field: 'name', direction: 'desc' } },
    });
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.list[0]?.name).toBe('zz-sort-me');
    const filtered = await t.call<PageResult<Job>>('POST', `${B}/page`, { token: admin(), body: { name: 'sort-me' } });
    expect(filtered.body.data.list.map((j) => j.name)).toEqual(['zz-sort-me']);
  });

  it('previews a cron expression or names cron when it is invalid', async () => {
    const ok = await t.call<{ nextFireTimes: string[] }>(
      'GET',
      `${B}/cron/next?cron=${encodeURIComponent('0 9 * * 1')}`,
      { token: admin() },
    );
    expect(ok.body.data.nextFireTimes).toHaveLength(5);
    expect(new Date(ok.body.data.nextFireTimes[0] ?? '').getDay()).toBe(1);
    // Six fields: seconds first.
    const seconds = await t.call<{ nextFireTimes: string[] }>(
      'GET',
      `${B}/cron/next?cron=${encodeURIComponent('*/15 * * * * *')}`,
      { token: admin() },
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
      const res = await t.call('GET', `${B}/cron/next?cron=${encodeURIComponent(bad)}`, { token: admin() });
      expect(res.body.code, bad).toBe('A0400');
      expect(res.body.data).toEqual({ fields: [{ field: 'cron', reason: 'invalidFormat' }] });
    }
  });

  it('deletes jobs and keeps their run logs', async () => {
    const created = await create(admin());
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin() });
    const res = await t.call('POST', `${B}/delete`, { token: admin(), body: { ids: [created.id] } });
    expect(res.body.code).toBe('00000');
    const logs = await t.database.db.select().from(jobLogs).where(eq(jobLogs.jobName, created.name));
    expect(logs.some((l) => l.jobId === null)).toBe(true);
  });
});

describe('running', () => {
  it('runs now and writes one log row with status, message, start, end and duration', async () => {
    const created = await create(admin(), { name: 'Run me' });
    const res = await t.call<{ queued: boolean }>('GET', `${B}/exec/${created.id}`, { token: admin() });
    expect(res.body.data).toEqual({ queued: false });
    const logs = await t.call<PageResult<JobLog>>('POST', `${B}/log/page`, {
      token: admin(),
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
    const created = await create(admin(), { handler: 'session.cleanExpired', params: {} });
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin() });
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
    const created = await create(admin(), { handler: 'auth.cleanLoginFailures', params: { olderThanHours: 24 } });
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin() });
    const names = (await t.database.db.select().from(loginFailures)).map((r) => r.username);
    expect(names).toEqual(expect.arrayContaining(['old-locked', 'recent']));
    expect(names).not.toContain('old-unlocked');
  });

  it('records a failed run with its error when the parameters no longer pass', async () => {
    const created = await create(admin());
    // Parameters stored before a handler's schema changed no longer pass it: the run fails, logged.
    await t.database.db
      .update(jobs)
      .set({ params: { maxLatencyMs: -5 } })
      .where(eq(jobs.id, created.id));
    await t.call('GET', `${B}/exec/${created.id}`, { token: admin() });
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
    const res = await t.call('POST', `${B}/save`, { token: admin(), body: job({ handler }) });
    expect(res.body.code).toBe('A0400');
    expect(res.body.data).toMatchObject({ fields: [expect.objectContaining({ field: 'handler' })] });
    expect(await jobCount()).toBe(before);
  });

  it('refuses parameters the handler does not know, naming them', async () => {
    const res = await t.call('POST', `${B}/save`, {
      token: admin(),
      body: job({ params: { maxLatencyMs: 10, command: "require('fs').rmSync('/')" } }),
    });
    expect(res.body.code).toBe('A0400');
    expect(res.body.message).toContain(fieldLabel('params', 'en'));
  });
});

describe('scope and permissions', () => {
  it('hides, and refuses by id, the jobs of another customer', async () => {
    const theirs = await create(admin(), { name: 'HQ only' });
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
    await create(admin(), { name: 'HQ scope probe' });
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
    const created = await create(admin());
    const noRun = await createScopedUser(t, [J.list, J.add, J.edit, J.remove]);
    expect((await t.call('GET', `${B}/exec/${created.id}`, { token: noRun.token })).body.code).toBe('A0312');
  });
});

describe('what a customer’s administrator may schedule (issue 31, hole 8)', () => {
  it('refuses a job firing more often than once a minute, naming cron; scope "all" keeps seconds', async () => {
    for (const cron of ['* * * * * *', '*/1 * * * * *', '0,30 * * * * *', '0-59 * * * * *', '*/10 * * * * *']) {
      const before = await jobCount();
      const res = await t.call('POST', `${B}/save`, { token: staff.token, body: job({ cron }) });
      expect(res.body, cron).toMatchObject({
        code: 'A0400',
        data: { fields: [{ field: 'cron', reason: 'tooFrequent' }] },
      });
      expect(await jobCount()).toBe(before);
    }
    const mine = await create(staff.token, { cron: '15 */5 * * * *' });
    const faster = await t.call('POST', `${B}/update/${mine.id}`, {
      token: staff.token,
      body: job({ cron: '*/5 * * * * *' }),
    });
    expect(faster.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'cron' }] } });
    expect((await create(admin(), { cron: '*/1 * * * * *' })).cron).toBe('*/1 * * * * *');
  });

  it('does not enable, nor run, a per-second job saved before the rule', async () => {
    const [legacy] = await t.database.db
      .insert(jobs)
      .values({
        name: 'Every second',
        handler: 'system.databaseHealth',
        params: { maxLatencyMs: 5000 },
        cron: '* * * * * *',
        customerId: staff.customerId,
        ownerUserId: staff.userId,
      })
      .returning();
    if (!legacy) throw new Error('not inserted');
    const enabled = await t.call('POST', `${B}/status/${legacy.id}`, { token: staff.token, body: { enabled: true } });
    expect(enabled.body).toMatchObject({ code: 'A0400', data: { fields: [{ field: 'cron', reason: 'tooFrequent' }] } });
    // Enabled behind the console's back: the first fire switches it off and says why, once.
    await t.database.db.update(jobs).set({ enabled: true }).where(eq(jobs.id, legacy.id));
    const fired = await runJob(t.database.db, legacy.id, 'cron');
    expect(fired).toMatchObject({ status: 'failed', error: expect.stringContaining('more often than once a minute') });
    expect((await t.database.db.select().from(jobs).where(eq(jobs.id, legacy.id)))[0]?.enabled).toBe(false);
  });

  it(`caps a customer’s enabled jobs at ${MAX_ENABLED_JOBS_PER_CUSTOMER}, naming enabled`, async () => {
    const owner = await createScopedUser(t, [J.list, J.add, J.edit]);
    await Promise.all(
      Array.from({ length: MAX_ENABLED_JOBS_PER_CUSTOMER + 3 }, (_, i) =>
        t.call('POST', `${B}/save`, { token: owner.token, body: job({ name: `Job ${i}`, enabled: true }) }),
      ),
    );
    const enabledOf = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(jobs)
          .where(and(eq(jobs.customerId, owner.customerId), eq(jobs.enabled, true)))
      )[0]?.n;
    // Saved at once, counted one after the other.
    expect(await enabledOf()).toBe(MAX_ENABLED_JOBS_PER_CUSTOMER);
    const refused = await t.call('POST', `${B}/save`, { token: owner.token, body: job({ enabled: true }) });
    expect(refused.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'enabled', reason: 'tooManyEnabled' }] },
    });
    const idle = await create(owner.token, { enabled: false });
    const on = await t.call('POST', `${B}/status/${idle.id}`, { token: owner.token, body: { enabled: true } });
    expect(on.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'enabled' }] } });
    const edited = await t.call('POST', `${B}/update/${idle.id}`, { token: owner.token, body: job({ enabled: true }) });
    expect(edited.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'enabled' }] } });
    expect(await enabledOf()).toBe(MAX_ENABLED_JOBS_PER_CUSTOMER);
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
    const res = await t.call('POST', url, { token: admin(), body });
    expect(res.body.code).toBe(code);
    expect(res.body.data).toMatchObject({ fields: expect.arrayContaining([expect.objectContaining({ field })]) });
    expect(await jobCount()).toBe(before);
  });

  it('answers A0404 for unknown ids', async () => {
    expect((await t.call('GET', `${B}/exec/999999`, { token: admin() })).body.code).toBe('A0404');
    expect((await t.call('POST', `${B}/update/999999`, { token: admin(), body: job() })).body.code).toBe('A0404');
  });
});
