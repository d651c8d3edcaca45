import { JOB_PERMISSIONS, type Job } from '@agent-console/contracts';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { useTestApp } from '@agent-console/server/test/test-app';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  customers,
  jobLogs,
  jobs,
  knowledgeFiles,
  loginFailures,
  loginLogs,
  operationLogs,
  sessions,
  users,
} from '../../../db/schema';
import { type JobHandler, listJobHandlers } from '../../../jobs/registry';
import { runJob } from '../../../jobs/runner';

/**
 * Issue 31, hole 2 and its class: every registered job handler, scheduled by a customer's
 * administrator (data scope "own customer"), leaves every other customer's rows as they were.
 * A product-wide handler is neither offered to nor saved for them, and a row that names one
 * anyway (saved before the rule) runs for nobody. The handlers are read from the registry, so a
 * new one is held to this without anyone listing it here.
 */
const t = useTestApp();
let tenant: ScopedUser;
const B = '/api/v3/system/job';
const LONG_AGO = new Date(Date.now() - 20 * 365 * 86_400_000);

beforeAll(async () => {
  await t.loginAdmin();
  const J = JOB_PERMISSIONS;
  tenant = await createScopedUser(t, [J.list, J.add, J.edit, J.run]);
  await seedOtherCustomersRows();
});

/** What a handler could wrongly destroy, in the root customer and in a customer beside the tenant. */
async function seedOtherCustomersRows() {
  const { db } = t.database;
  const neighbour = await createScopedUser(t, []);
  const [root] = await db.select().from(customers).where(sql`${customers.parentId} is null`);
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  if (!root || !admin) throw new Error('no root customer or admin');
  for (const customerId of [root.id, neighbour.customerId]) {
    await db.insert(operationLogs).values({
      title: 'Old entry',
      businessType: 'other',
      method: 'POST',
      path: '/api/v3/system/post/save',
      customerId,
      status: 'success',
      httpStatus: 200,
      costMs: 1,
      createdAt: LONG_AGO,
    });
    await db.insert(loginLogs).values({
      event: 'login',
      status: 'success',
      username: 'someone',
      customerId,
      code: '00000',
      createdAt: LONG_AGO,
    });
    await db
      .insert(knowledgeFiles)
      .values({ customerId, name: 'binned.pdf', processStatus: 'completed', deletedAt: LONG_AGO });
  }
  await db.insert(sessions).values({
    id: 'expired-session-of-admin',
    tokenHash: 'expired-token-hash',
    userId: admin.id,
    customerId: root.id,
    expiresAt: LONG_AGO,
  });
  await db.insert(loginFailures).values({ username: 'admin', source: '203.0.113.9', failures: 2, updatedAt: LONG_AGO });
}

/** The public tables, and whether each has a customer column: read once, the schema does not change. */
let tablesOf: Promise<{ name: string; hasCustomer: boolean }[]> | undefined;

/**
 * A digest of every table's rows outside the tenant's customer, in one statement (one round trip
 * whatever the number of tables: on a busy machine each round trip to the embedded database costs).
 */
async function othersRows(): Promise<Record<string, string>> {
  const { db } = t.database;
  tablesOf ??= db
    .execute<{ table_name: string; has_customer: boolean }>(sql`
      select c.table_name, bool_or(c.column_name = 'customer_id') as has_customer
      from information_schema.columns c join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' group by c.table_name order by c.table_name`)
    .then((r) => r.rows.map((row) => ({ name: row.table_name, hasCustomer: row.has_customer })));
  const parts = (await tablesOf).map(
    ({ name, hasCustomer }) =>
      sql`select ${name}::text as name,
            count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
          from ${sql.identifier(name)} r
          ${hasCustomer ? sql`where r.customer_id is distinct from ${tenant.customerId}` : sql``}`,
  );
  const rows = (await db.execute<{ name: string; d: string }>(sql.join(parts, sql` union all `))).rows;
  return Object.fromEntries(rows.map((row) => [row.name, row.d]));
}

/** The handler's parameters at their most destructive: every number at its minimum. */
function harshestParams(handler: JobHandler): Record<string, unknown> {
  const schema = z.toJSONSchema(handler.paramsSchema, { io: 'input' }) as {
    properties?: Record<string, { type?: string; minimum?: number }>;
  };
  const params: Record<string, unknown> = { ...(handler.exampleParams as Record<string, unknown>) };
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if ((property.type === 'integer' || property.type === 'number') && property.minimum !== undefined) {
      params[key] = property.minimum;
    }
  }
  return params;
}

/** Schedules `handler` as the tenant, runs what may run, and compares everyone else's rows. */
async function holdsToItsReach(handler: JobHandler): Promise<void> {
  const { name } = handler;
  const before = await othersRows();
  const params = harshestParams(handler);
  const saved = await t.call<Job>('POST', `${B}/save`, {
    token: tenant.token,
    body: { name: `Reach ${name}`, handler: name, params, cron: '0 3 * * *' },
  });
  if (handler.reach === 'product') {
    expect(saved.body, name).toMatchObject({
      code: 'A0400',
      data: { fields: [{ field: 'handler', reason: 'reservedToAll' }] },
    });
    // Saved before the rule: the row runs for nobody, whether asked now or fired by the scheduler.
    const [legacy] = await t.database.db
      .insert(jobs)
      .values({
        name: `Legacy ${name}`,
        handler: name,
        params,
        cron: '0 3 * * *',
        customerId: tenant.customerId,
        ownerUserId: tenant.userId,
      })
      .returning();
    if (!legacy) throw new Error('legacy job not inserted');
    const asked = await t.call('GET', `${B}/exec/${legacy.id}`, { token: tenant.token });
    expect(asked.body, name).toMatchObject({
      code: 'A0400',
      data: { fields: [{ field: 'handler', reason: 'reservedToAll' }] },
    });
    const fired = await runJob(t.database.db, legacy.id, 'cron');
    expect(fired, name).toMatchObject({ status: 'failed', error: expect.stringContaining('acts on every customer') });
  } else {
    expect(saved.body.code, name).toBe('00000');
    const ran = await t.call('GET', `${B}/exec/${saved.body.data.id}`, { token: tenant.token });
    expect(ran.body.code, name).toBe('00000');
    const [log] = await t.database.db.select().from(jobLogs).where(eq(jobLogs.jobId, saved.body.data.id));
    // It ran (the harshest parameters may make a check fail, e.g. a 1 ms latency limit); what
    // counts is what it touched.
    expect(log?.status, name).toMatch(/^(success|failed)$/);
  }
  expect(await othersRows(), name).toEqual(before);
}

/**
 * The console's handlers. Test files of one worker share the registry (`isolate: false`), so a
 * handler another file registered for itself may be there too — `test.blocking` of
 * scheduler.test.ts waits until its test releases it, and running it here hung this test for
 * minutes. Test handlers are named `test.*`.
 */
const handlers = () => listJobHandlers(true).filter((handler) => !handler.name.startsWith('test.'));

describe('every job handler, scheduled by a customer’s administrator', () => {
  it('is offered only when it stays within the customer', async () => {
    const offered = await t.call<{ name: string }[]>('GET', `${B}/handlers`, { token: tenant.token });
    const customerWide = listJobHandlers(true).filter((h) => h.reach === 'customer');
    expect(offered.body.data.map((h) => h.name).sort()).toEqual(customerWide.map((h) => h.name).sort());
  });

  it('is read from the registry, with every handler this console registers', () => {
    expect(handlers().map((h) => h.name)).toEqual(
      expect.arrayContaining(['log.cleanOld', 'session.cleanExpired', 'knowledge.purgeRecycleBin']),
    );
  });

  it('leaves every other customer’s rows as they were, handler after handler', async () => {
    for (const handler of handlers()) await holdsToItsReach(handler);
  }, 480_000);
});
