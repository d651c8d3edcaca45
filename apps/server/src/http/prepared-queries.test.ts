import { BRANCH_PASSWORD, createBranchMonitor } from '@agent-console/server/test/fixtures/monitor';
import { useTestApp } from '@agent-console/server/test/test-app';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../db/schema';
import { PREPARED_SHAPES_PER_QUERY, PreparedQueries } from './prepared-queries';

/**
 * Queries kept per shape (issue 38): built once, run with each call's own values. The danger of
 * keeping a query is a value of one call served to the next; these tests are that class of bug,
 * through the operation log as two callers of the same shape see it.
 */
const OPER = '/api/v3/monitor/operation/log/page';
const t = useTestApp();
const branches: { customerId: number; token: string; username: string }[] = [];

beforeAll(async () => {
  for (const name of ['Prepared North', 'Prepared South']) {
    const monitor = await createBranchMonitor(t, name);
    branches.push({ ...monitor, token: await t.login(monitor.username, BRANCH_PASSWORD) });
  }
  // Three rows of each branch, by two users each; one row of headquarters.
  for (const [i, branch] of branches.entries()) {
    await t.database.db.insert(operationLogs).values(
      ['anna', 'anna', 'bert'].map((who) => ({
        title: `prepared/${i}`,
        businessType: 'other' as const,
        method: 'POST',
        path: '/prepared',
        username: `${who}${i}`,
        customerId: branch.customerId,
        status: 'success' as const,
        httpStatus: 200,
        costMs: 1,
      })),
    );
  }
  await t.database.db.insert(operationLogs).values({
    title: 'prepared/hq',
    businessType: 'other',
    method: 'POST',
    path: '/prepared',
    username: 'anna0',
    customerId: 1,
    status: 'success',
    httpStatus: 200,
    costMs: 1,
  });
});

async function page(token: string, body: Record<string, unknown>) {
  const res = await t.call<{
    list: { id: number; title: string; username: string; customerId: number }[];
    total: number;
  }>('POST', OPER, { token, body: { pageNum: 1, pageSize: 50, title: 'prepared/', ...body } });
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

describe('a list kept per shape', () => {
  it("serves each scoped caller its own customer's rows, whoever asked first with the same shape", async () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      for (const i of order) {
        const branch = branches[i] as (typeof branches)[number];
        const { list, total } = await page(branch.token, {});
        expect(total).toBe(3);
        expect(new Set(list.map((row) => row.customerId))).toEqual(new Set([branch.customerId]));
      }
    }
  });

  it('filters by the value of each call, not the one the statement was built with', async () => {
    const admin = await t.loginAdmin();
    for (const [who, expected] of [
      ['anna0', 3],
      ['bert1', 1],
      ['anna1', 2],
      ['nobody', 0],
    ] as const) {
      const { list, total } = await page(admin, { username: who });
      expect([total, list.length]).toEqual([expected, expected]);
      expect(list.every((row) => row.username === who)).toBe(true);
    }
  });

  it('counts in the page statement, and apart when the page is past the end', async () => {
    const admin = await t.loginAdmin();
    const counted = (body: Record<string, unknown>) => page(admin, { pageSize: 2, ...body });
    expect((await counted({})).total).toBe(7);
    const past = await counted({ pageNum: 9 });
    expect([past.list.length, past.total]).toEqual([0, 7]);
    const none = await counted({ username: 'nobody' });
    expect([none.list.length, none.total]).toEqual([0, 0]);
  });

  it('pages on after a cursor with the cursor of each call', async () => {
    const admin = await t.loginAdmin();
    const all = (await page(admin, {})).list;
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await t.call<{ list: { id: number; title: string }[]; nextCursor: string | null }>('POST', OPER, {
        token: admin,
        body: { pageNum: 1, pageSize: 2, title: 'prepared/', withTotal: false, ...(cursor ? { cursor } : {}) },
      });
      seen.push(...res.body.data.list.map((row) => row.id));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((row) => row.id));
  });
});

describe('PreparedQueries', () => {
  const titles = (rows: { title: string }[]) => rows.map((row) => row.title).sort();
  const byTitle = () =>
    t.database.db
      .select({ title: operationLogs.title })
      .from(operationLogs)
      .where(sql`${operationLogs.title} like ${sql.placeholder('prefix')}`);

  // Names are taken once per process: a test's queries get names of their own.
  let made = 0;
  const queriesOf = (name: string) => new PreparedQueries(`${name}_${process.pid}_${++made}`);

  it('builds a shape once and binds the values of every call', async () => {
    const queries = queriesOf('prepared_test_once');
    let built = 0;
    const run = (prefix: string) =>
      queries.run(
        t.database.db,
        'by-title',
        () => {
          built++;
          return byTitle();
        },
        { prefix },
      );
    expect(titles(await run('prepared/0%'))).toEqual(['prepared/0', 'prepared/0', 'prepared/0']);
    expect(titles(await run('prepared/h%'))).toEqual(['prepared/hq']);
    expect(built).toBe(1);
  });

  it(`keeps at most ${PREPARED_SHAPES_PER_QUERY} shapes and builds the rest on every call`, async () => {
    const queries = queriesOf('prepared_test_cap');
    let built = 0;
    const run = (shape: number) =>
      queries.run(
        t.database.db,
        `shape-${shape}`,
        () => {
          built++;
          return byTitle();
        },
        { prefix: 'prepared/hq' },
      );
    for (let shape = 0; shape < PREPARED_SHAPES_PER_QUERY; shape++) await run(shape);
    expect(built).toBe(PREPARED_SHAPES_PER_QUERY);
    expect(titles(await run(PREPARED_SHAPES_PER_QUERY))).toEqual(['prepared/hq']);
    expect(titles(await run(PREPARED_SHAPES_PER_QUERY))).toEqual(['prepared/hq']);
    expect(built).toBe(PREPARED_SHAPES_PER_QUERY + 2);
    await run(0);
    expect(built).toBe(PREPARED_SHAPES_PER_QUERY + 2);
  });

  it('refuses a name that could not name a statement, or that another kind of query has', () => {
    expect(() => new PreparedQueries('Bad name')).toThrow(/lower-case/);
    expect(() => new PreparedQueries('operation_log_page')).toThrow(/taken/);
  });
});
