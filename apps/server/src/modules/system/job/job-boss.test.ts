import type { Job, JobLog, PageResult } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { describe, expect, it } from 'vitest';

const { t, admin } = useAdminApp({ jobs: true });
const B = '/api/v3/system/job';

describe('jobs on pg-boss', () => {
  it('queues "run now" and a worker writes the log row', async () => {
    const saved = await t.call<Job>('POST', `${B}/save`, {
      token: admin(),
      body: { name: 'Queued health', handler: 'system.databaseHealth', params: {}, cron: '0 * * * *' },
    });
    const id = saved.body.data.id;
    const res = await t.call<{ queued: boolean }>('GET', `${B}/exec/${id}`, { token: admin() });
    expect(res.body.data).toEqual({ queued: true });
    await expect
      .poll(
        async () => {
          const logs = await t.call<PageResult<JobLog>>('POST', `${B}/log/page`, {
            token: admin(),
            body: { jobId: id },
          });
          return logs.body.data.list[0]?.status;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe('success');
  });

  it('ticks at each fire time by itself: a job due every second runs, on time, second after second', async () => {
    const saved = await t.call<Job>('POST', `${B}/save`, {
      token: admin(),
      body: { name: 'Every second', handler: 'system.databaseHealth', cron: '* * * * * *', enabled: true },
    });
    const id = saved.body.data.id;
    const runs = async () =>
      (await t.call<PageResult<JobLog>>('POST', `${B}/log/page`, { token: admin(), body: { jobId: id } })).body.data
        .list;
    await expect
      .poll(async () => (await runs()).filter((r) => r.status === 'success').length, { timeout: 20_000, interval: 250 })
      .toBeGreaterThanOrEqual(3);
    await t.call('POST', `${B}/status/${id}`, { token: admin(), body: { enabled: false } });
    // Each fire claimed in time: no catch-up runs.
    expect(new Set((await runs()).map((r) => r.trigger))).toEqual(new Set(['cron']));
    // The minute tick pg-boss used to fire is no longer scheduled.
    const { rows } = await t.database.sql.query<{ name: string }>('select name from pgboss.schedule');
    expect(rows.map((r) => r.name)).not.toContain('system-job-tick');
  });
});
