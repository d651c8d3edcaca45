import { useTestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customers, jobLogs, jobs } from '../db/schema';
import { fireTimesBetween, isValidCron, latestFireTime, nextFireTimes } from './cron';
import type { JobRunRequest } from './queues';
import { registerJobHandler } from './registry';
import { runJob } from './runner';
import { fireDueJobs, MAX_CATCH_UP_RUNS, MAX_TICK_SLEEP_MS, runsForFires, sleepUntilNextFire } from './scheduler';

const t = useTestApp();
let customerId: number;

// A handler that waits until released, to hold runs open.
const waiting: (() => void)[] = [];
const releaseAll = () => {
  for (const resolve of waiting.splice(0)) resolve();
};
registerJobHandler({
  name: 'test.blocking',
  titles: { en: 'Blocking', 'zh-chs': '阻塞', 'zh-cht': '阻塞', ja: 'ブロック' },
  reach: 'customer',
  paramsSchema: z.strictObject({}),
  exampleParams: {},
  run: () =>
    new Promise<string>((resolve) => {
      waiting.push(() => resolve('released'));
    }),
});

beforeAll(async () => {
  const [root] = await t.database.db.select().from(customers).limit(1);
  customerId = root?.id ?? 0;
});

const at = (iso: string) => new Date(iso);

async function insertJob(over: Partial<typeof jobs.$inferInsert>) {
  const [row] = await t.database.db
    .insert(jobs)
    .values({
      customerId,
      name: 'tick test',
      handler: 'system.databaseHealth',
      cron: '*/10 * * * *',
      enabled: true,
      ...over,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

async function tick(now: Date) {
  const runs: JobRunRequest[] = [];
  await fireDueJobs(t.database.db, now, async (run) => {
    runs.push(run);
  });
  return runs;
}

describe('cron helpers', () => {
  it('accepts five fields, or six with seconds first', () => {
    expect(isValidCron('*/5 * * * *')).toBe(true);
    expect(isValidCron('0 9 * * MON-FRI')).toBe(true);
    expect(isValidCron('0 0 9 * * *')).toBe(true);
    expect(nextFireTimes('*/5 * * * * *', at('2026-01-01T00:00:03Z'), 2).map((d) => d.toISOString())).toEqual([
      '2026-01-01T00:00:05.000Z',
      '2026-01-01T00:00:10.000Z',
    ]);
    expect(isValidCron('* * * *')).toBe(false);
    expect(isValidCron('0 0 0 9 * * *')).toBe(false);
    expect(isValidCron("require('child_process')")).toBe(false);
    expect(isValidCron('')).toBe(false);
  });

  it('computes next, between and latest fire times', () => {
    const from = at('2026-01-01T00:03:00Z');
    expect(nextFireTimes('*/10 * * * *', from, 2).map((d) => d.toISOString())).toEqual([
      '2026-01-01T00:10:00.000Z',
      '2026-01-01T00:20:00.000Z',
    ]);
    expect(fireTimesBetween('*/10 * * * *', from, at('2026-01-01T00:30:00Z'), 10)).toHaveLength(3);
    expect(latestFireTime('*/10 * * * *', at('2026-01-01T00:30:00Z'))?.toISOString()).toBe('2026-01-01T00:30:00.000Z');
  });
});

describe('misfire policies', () => {
  it('maps missed and on-time fires to runs', () => {
    expect(runsForFires('default', 3, true)).toEqual(['misfire', 'cron']);
    expect(runsForFires('fireOnce', 3, false)).toEqual(['misfire']);
    expect(runsForFires('doNothing', 3, false)).toEqual([]);
    expect(runsForFires('doNothing', 0, true)).toEqual(['cron']);
    expect(runsForFires('ignoreMisfires', 3, true)).toEqual(['misfire', 'misfire', 'misfire', 'cron']);
    expect(runsForFires('ignoreMisfires', 10_000, false)).toHaveLength(MAX_CATCH_UP_RUNS);
  });
});

describe('the next tick', () => {
  it('is just past the earliest next fire time, and never more than a minute away', () => {
    const now = at('2026-01-01T00:00:03Z');
    expect(sleepUntilNextFire([{ cron: '*/10 * * * * *' }, { cron: '*/5 * * * * *' }], now)).toBe(2_005);
    expect(sleepUntilNextFire([{ cron: '0 9 * * *' }], now)).toBe(MAX_TICK_SLEEP_MS + 5);
    expect(sleepUntilNextFire([], now)).toBe(MAX_TICK_SLEEP_MS + 5);
  });
});

describe('scheduler tick', () => {
  it('fires a due job once, even when the tick is handled twice (two instances)', async () => {
    const job = await insertJob({ lastFireAt: at('2026-01-01T00:05:00Z') });
    const now = at('2026-01-01T00:10:20Z');
    const [first, second] = await Promise.all([tick(now), tick(now)]);
    const mine = [...(first ?? []), ...(second ?? [])].filter((r) => r.jobId === job.id);
    expect(mine).toEqual([{ jobId: job.id, trigger: 'cron' }]);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.lastFireAt?.toISOString()).toBe(now.toISOString());
    expect((await tick(at('2026-01-01T00:10:50Z'))).filter((r) => r.jobId === job.id)).toEqual([]);
    await t.database.db.delete(jobs).where(eq(jobs.id, job.id));
  });

  it.each([
    ['doNothing', []],
    ['fireOnce', ['misfire']],
    ['default', ['misfire']],
    ['ignoreMisfires', ['misfire', 'misfire', 'misfire']],
  ] as const)('after downtime, policy %s gives %j', async (policy, expected) => {
    // Down from 00:05 to 00:37: fire times 00:10, 00:20 and 00:30 were missed; none is on time.
    const job = await insertJob({ misfirePolicy: policy, lastFireAt: at('2026-01-01T00:05:00Z') });
    const runs = (await tick(at('2026-01-01T00:37:00Z'))).filter((r) => r.jobId === job.id);
    expect(runs.map((r) => r.trigger)).toEqual(expected);
    await t.database.db.delete(jobs).where(eq(jobs.id, job.id));
  });

  it('never fires disabled jobs or jobs without a watermark, and starts their watermark at now', async () => {
    const disabled = await insertJob({ enabled: false, lastFireAt: at('2026-01-01T00:00:00Z') });
    const fresh = await insertJob({ lastFireAt: null });
    const now = at('2026-01-01T01:00:30Z');
    const runs = (await tick(now)).filter((r) => r.jobId === disabled.id || r.jobId === fresh.id);
    expect(runs).toEqual([]);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, fresh.id));
    expect(row?.lastFireAt?.toISOString()).toBe(now.toISOString());
    await t.database.db.delete(jobs).where(eq(jobs.id, disabled.id));
    await t.database.db.delete(jobs).where(eq(jobs.id, fresh.id));
  });
});

describe('concurrency', () => {
  it('skips a run while one is running when concurrency is not allowed, and allows it otherwise', async () => {
    const serial = await insertJob({ handler: 'test.blocking', params: {}, concurrent: false, enabled: false });
    const first = runJob(t.database.db, serial.id, 'manual');
    await expect.poll(() => waiting.length).toBe(1);
    const second = await runJob(t.database.db, serial.id, 'cron');
    expect(second).toMatchObject({ status: 'skipped', trigger: 'cron' });
    releaseAll();
    expect(await first).toMatchObject({ status: 'success', message: 'released' });

    const parallel = await insertJob({ handler: 'test.blocking', params: {}, concurrent: true, enabled: false });
    const a = runJob(t.database.db, parallel.id, 'manual');
    const b = runJob(t.database.db, parallel.id, 'manual');
    // Both handlers are running at the same time.
    await expect.poll(() => waiting.length).toBe(2);
    releaseAll();
    expect((await Promise.all([a, b])).map((r) => r?.status)).toEqual(['success', 'success']);
  });

  it('does not let a run cut off long ago (a crash) block the job forever', async () => {
    const job = await insertJob({ concurrent: false, enabled: false });
    await t.database.db.insert(jobLogs).values({
      jobId: job.id,
      customerId,
      jobName: job.name,
      group: 'default',
      handler: job.handler,
      trigger: 'cron',
      status: 'running',
      exclusive: true,
      startedAt: new Date(Date.now() - 2 * 3600_000),
    });
    const run = await runJob(t.database.db, job.id, 'manual');
    expect(run?.status).toBe('success');
    const rows = await t.database.db.select().from(jobLogs).where(eq(jobLogs.jobId, job.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'success']);
  });
});
