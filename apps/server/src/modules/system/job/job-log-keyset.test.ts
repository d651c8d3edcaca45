import { encodeCursor, JOB_PERMISSIONS } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { createScopedUser } from '@agent-console/server/test/fixtures/users';
import { expectConsistentWalks, keysetLister, walkForward } from '@agent-console/server/test/keyset-walk';
import { beforeAll, describe, expect, it } from 'vitest';

/** The job run log pages by cursor like the other logs (issue 19): by id when no column is asked for. */
const PAGE = '/api/v3/system/job/log/page';
const { t, admin } = useAdminApp();

/** Runs in pairs sharing a start (a microsecond apart), every third without a duration. */
async function seedRuns(count: number, name: string, customerId: number) {
  await t.database.sql.exec(`
    INSERT INTO job_logs (customer_id, job_name, job_group, handler, trigger, status, started_at, duration_ms)
    SELECT ${customerId}, '${name}', 'default', 'system.databaseHealth', 'manual', 'success',
      timestamptz '2024-05-01 00:00:00+00' + (g / 2) * interval '1 microsecond',
      CASE WHEN g % 3 = 0 THEN NULL ELSE g % 5 END
    FROM generate_series(1, ${count}) g`);
}

beforeAll(async () => {
  await seedRuns(29, 'Keyset run', 1);
});

describe('job run log by cursor', () => {
  it.each([
    ['newest first (by id)', undefined],
    ['by start', { field: 'startedAt', direction: 'asc' }],
    ['by duration, none last', { field: 'durationMs', direction: 'asc' }],
    ['by duration, none first', { field: 'durationMs', direction: 'desc' }],
    ['by name (all equal)', { field: 'jobName', direction: 'asc' }],
  ])('walks %s forward and back, every row once', async (_, orderBy) => {
    const list = keysetLister(t, PAGE, admin());
    await expectConsistentWalks(list, { jobName: 'Keyset run', ...(orderBy ? { orderBy } : {}) }, 6);
  });

  it('keeps a scoped caller to its own customer and refuses a cursor of another order', async () => {
    const staff = await createScopedUser(t, [JOB_PERMISSIONS.list]);
    await seedRuns(15, 'Keyset run', staff.customerId);
    const walked = await walkForward(keysetLister(t, PAGE, staff.token), { jobName: 'Keyset run' }, 4);
    expect(walked.pages.flat()).toHaveLength(15);
    const bad = await t.call('POST', PAGE, {
      token: admin(),
      body: { cursor: encodeCursor({ order: 'startedAt.desc', key: 1, id: 1 }) },
    });
    expect([bad.status, bad.body.data]).toEqual([400, { fields: [{ field: 'cursor', reason: 'invalidValue' }] }]);
  });
});
