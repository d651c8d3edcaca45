import { encodeCursor, fieldLabel } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { BRANCH_PASSWORD, createBranchMonitor } from '@agent-console/server/test/fixtures/monitor';
import {
  expectConsistentWalks,
  idsOf,
  keysetLister,
  type Lister,
  walkForward,
} from '@agent-console/server/test/keyset-walk';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../../db/schema';

/**
 * Keyset paging of the logs (issue 19): pages by cursor forward and back, rows that come or go
 * between two pages neither lost nor shown twice, forged cursors refused naming the field, and a
 * scoped caller's pages hold only its own customer's rows whatever cursor it sends.
 */
const OPER = '/api/v3/monitor/operation/log/page';
const LOGIN = '/api/v3/monitor/log/login/page';
const TITLE = 'keyset/walk';
const { t, admin } = useAdminApp();
let oper: Lister;
let branch: { customerId: number; token: string };

/**
 * Rows in threes sharing one created_at, each three a microsecond apart (a JS Date would merge
 * them), every fifth without a username; `customerOf(g)` decides whose row g is.
 */
async function seedOperationRows(count: number, title: string, customerOf: string, start = '2024-05-01 00:00:00') {
  await t.database.sql.exec(`
    INSERT INTO operation_logs
      (title, business_type, method, path, username, customer_id, status, http_status, cost_ms, created_at)
    SELECT '${title}', 'other', 'POST', '/walk', CASE WHEN g % 5 = 0 THEN NULL ELSE 'user' || (g % 3) END,
      ${customerOf}, 'success', 200, g % 4, timestamptz '${start}+00' + (g / 3) * interval '1 microsecond'
    FROM generate_series(1, ${count}) g`);
}

beforeAll(async () => {
  oper = keysetLister(t, OPER, admin());
  const monitor = await createBranchMonitor(t, 'Keyset Branch');
  branch = { customerId: monitor.customerId, token: await t.login(monitor.username, BRANCH_PASSWORD) };
  await seedOperationRows(47, TITLE, '1');
  // Interleaved in time with the rows above: half the branch's, half headquarters'.
  await seedOperationRows(60, 'keyset/scope', `CASE WHEN g % 2 = 0 THEN ${branch.customerId} ELSE 1 END`);
});

describe('operation log by cursor', () => {
  it.each([
    ['newest first', undefined],
    ['by time, oldest first', { field: 'createdAt', direction: 'asc' }],
    ['by cost, ties by id', { field: 'costMs', direction: 'asc' }],
    ['by user, empty ones first', { field: 'username', direction: 'desc' }],
    ['by user, empty ones last', { field: 'username', direction: 'asc' }],
    ['by title (all equal)', { field: 'title', direction: 'desc' }],
  ])('walks %s forward and back, every row once', async (_, orderBy) => {
    await expectConsistentWalks(oper, { title: TITLE, ...(orderBy ? { orderBy } : {}) }, 10);
  });

  it('counts on the first page, not on a page turn, and says which page it is', async () => {
    const first = await oper({ title: TITLE, pageSize: 10 });
    expect([first.total, first.totalExact, first.pageNum, first.prevCursor]).toEqual([47, undefined, 1, null]);
    const second = await oper({ title: TITLE, pageSize: 10, pageNum: 2, cursor: first.nextCursor });
    expect([second.total, second.pageNum]).toEqual([47, 2]);
    const quiet = await oper({ title: TITLE, pageSize: 10, pageNum: 2, cursor: first.nextCursor, withTotal: false });
    expect([quiet.total, idsOf(quiet)]).toEqual([null, idsOf(second)]);
  });

  it('pages by number without a cursor, as old clients do, with cursors to go on from there', async () => {
    const all = idsOf(await oper({ title: TITLE, pageSize: 500 }));
    const third = await oper({ title: TITLE, pageSize: 10, pageNum: 3 });
    expect(idsOf(third)).toEqual(all.slice(20, 30));
    const fourth = await oper({ title: TITLE, pageSize: 10, pageNum: 4, cursor: third.nextCursor });
    expect(idsOf(fourth)).toEqual(all.slice(30, 40));
    const second = await oper({
      title: TITLE,
      pageSize: 10,
      pageNum: 2,
      cursor: third.prevCursor,
      cursorDirection: 'prev',
    });
    expect(idsOf(second)).toEqual(all.slice(10, 20));
  });

  it('neither loses nor repeats a row when rows are added or removed between two pages', async () => {
    const title = 'keyset/moving';
    await seedOperationRows(40, title, '1');
    const list = (body: object) => oper({ title, pageSize: 10, ...body });
    const before = idsOf(await list({ pageSize: 500 }));
    const first = await list({});

    // A new row lands on top: by offset, page 2 would start with page 1's last row again.
    const [fresh] = await t.database.db
      .insert(operationLogs)
      .values({
        title,
        businessType: 'other',
        method: 'POST',
        path: '/new',
        status: 'success',
        httpStatus: 200,
        costMs: 1,
      })
      .returning({ id: operationLogs.id });
    expect(idsOf(await list({ pageNum: 2 }))[0]).toBe(before[9]);
    const second = await list({ pageNum: 2, cursor: first.nextCursor });
    expect(idsOf(second)).toEqual(before.slice(10, 20));

    // A row added among those not yet shown appears once; the row a cursor names may go.
    const [late] = await t.database.db
      .insert(operationLogs)
      .values({
        title,
        businessType: 'other',
        method: 'POST',
        path: '/late',
        status: 'success',
        httpStatus: 200,
        costMs: 1,
        createdAt: sql`(select created_at from operation_logs where id = ${before[25]})`,
      })
      .returning({ id: operationLogs.id });
    await t.database.db.delete(operationLogs).where(eq(operationLogs.id, before[19] ?? 0));
    const pages = [idsOf(first), idsOf(second)];
    let page = second;
    while (page.nextCursor) {
      page = await list({ pageNum: page.pageNum + 1, cursor: page.nextCursor, withTotal: false });
      pages.push(idsOf(page));
    }
    const seen = pages.flat();
    const numeric = (ids: unknown[]) => [...ids].sort((a, b) => Number(a) - Number(b));
    expect(numeric(seen)).toEqual(numeric([...before, late?.id]));
    const now = idsOf(await list({ pageSize: 500 }));
    expect(seen).toEqual([...before.slice(0, 20), ...now.slice(now.indexOf(before[18] ?? 0) + 1)]);

    // Back from the last page: the page shown before it; on the first page, the new row on top.
    const back = await list({ pageNum: page.pageNum - 1, cursor: page.prevCursor, cursorDirection: 'prev' });
    expect(idsOf(back)).toEqual(pages.at(-2));
    expect(idsOf(await list({}))[0]).toBe(fresh?.id);
  });

  it('answers going back past the start with the first page', async () => {
    const all = idsOf(await oper({ title: TITLE, pageSize: 500 }));
    // A cursor on the 5th row: only 4 rows lie before it, so "previous" is the first full page.
    const fifth = await oper({ title: TITLE, pageSize: 4, pageNum: 2 });
    const res = await oper({
      title: TITLE,
      pageSize: 10,
      pageNum: 2,
      cursor: fifth.prevCursor,
      cursorDirection: 'prev',
    });
    expect([res.pageNum, res.prevCursor, idsOf(res)]).toEqual([1, null, all.slice(0, 10)]);
  });
});

describe('cursors the server did not write', () => {
  const order = 'createdAt.desc';
  it.each([
    ['not base64url', 'not a cursor!', 'A0400'],
    ['too long', 'A'.repeat(5000), 'A0420'],
    ['not JSON', 'bm90IGpzb24', 'A0400'],
    ['JSON of another shape', btoa('{"a":1}').replace(/=+$/, ''), 'A0400'],
    ['a number', 12, 'A0400'],
    ['of another order', encodeCursor({ order: 'costMs.asc', key: 3, id: 1 }), 'A0400'],
    ['of a field not sortable', encodeCursor({ order: 'password.asc', key: 'x', id: 1 }), 'A0400'],
    ['text for a time', encodeCursor({ order, key: 'yesterday', id: 1 }), 'A0400'],
    ['no time for a time that is never empty', encodeCursor({ order, key: null, id: 1 }), 'A0400'],
    ['a fraction', encodeCursor({ order, key: 1.5, id: 1 }), 'A0400'],
    ['an id of 0', encodeCursor({ order, key: 1, id: 0 }), 'A0400'],
    ['an unsafe number', encodeCursor({ order, key: 2 ** 60, id: 1 }), 'A0400'],
    ['a NUL in its text', encodeCursor({ order: 'username.asc', key: 'a\u0000b', id: 1 }), 'A0400'],
    ['a lone surrogate in its text', encodeCursor({ order: 'username.asc', key: '\uD800', id: 1 }), 'A0400'],
  ])('refuses a cursor %s, naming the field', async (_, cursor, code) => {
    const res = await t.call<unknown>('POST', OPER, { token: admin(), body: { title: TITLE, cursor } });
    expect([res.status, res.body.code]).toEqual([400, code]);
    expect(res.body.data).toEqual({ fields: [expect.objectContaining({ field: 'cursor' })] });
    expect(res.body.message).toContain(fieldLabel('cursor', 'en'));
  });

  it.each([
    ['cursorDirection', 'sideways'],
    ['withTotal', 'no'],
  ])('refuses %s %j naming it', async (field, value) => {
    const res = await t.call<unknown>('POST', OPER, { token: admin(), body: { [field]: value } });
    expect([res.status, res.body.data]).toEqual([400, { fields: [expect.objectContaining({ field })] }]);
  });

  it('takes a well-formed position anywhere as a place to start, never failing', async () => {
    const far = Number.MAX_SAFE_INTEGER;
    const positions: [string, 'asc' | 'desc', string | number | null, number][] = [
      ['createdAt', 'desc', far, far],
      ['createdAt', 'desc', -far, 1],
      ['username', 'asc', "'; drop table users; --", 1],
      ['username', 'desc', null, far],
      ['title', 'desc', '漢字 ✓', 5],
    ];
    for (const [field, direction, key, id] of positions) {
      const cursor = encodeCursor({ order: `${field}.${direction}`, key, id });
      for (const cursorDirection of ['next', 'prev']) {
        await oper({ title: TITLE, orderBy: { field, direction }, cursor, cursorDirection });
      }
    }
    const oldest = await oper({ title: TITLE, cursor: encodeCursor({ order, key: -far, id: 1 }) });
    expect([oldest.list, oldest.nextCursor]).toEqual([[], null]);
  });
});

describe('scope', () => {
  it("walks only the caller's customer, whatever cursor it is handed", async () => {
    const mine = keysetLister(t, OPER, branch.token);
    const expected = await t.database.db
      .select({ id: operationLogs.id })
      .from(operationLogs)
      .where(sql`${operationLogs.title} = 'keyset/scope' and ${operationLogs.customerId} = ${branch.customerId}`)
      .orderBy(sql`created_at desc, id desc`);
    const walked = await walkForward(mine, { title: 'keyset/scope' }, 7);
    expect(walked.pages.flat()).toEqual(expected.map((r) => r.id));

    // Headquarters' cursors, positioned on rows the branch may not see, start the branch's pages.
    let cursor = (await oper({ title: 'keyset/scope', pageSize: 7 })).nextCursor;
    let turns = 0;
    while (cursor) {
      const page = await mine({ title: 'keyset/scope', pageSize: 7, cursor });
      expect(page.list.map((r) => (r as { customerId?: number }).customerId)).toEqual(
        page.list.map(() => branch.customerId),
      );
      cursor = (await oper({ title: 'keyset/scope', pageSize: 7, cursor })).nextCursor;
      turns++;
    }
    expect(turns).toBe(8);
  });
});

describe('login log by cursor', () => {
  it('walks forward and back by time and by IP (some without one), every row once', async () => {
    await t.database.sql.exec(`
      INSERT INTO login_logs (event, status, username, customer_id, ip, code, created_at)
      SELECT 'login', 'success', 'keysetwalker', 1, CASE WHEN g % 4 = 0 THEN NULL ELSE '10.0.0.' || (g % 7) END,
        '00000', timestamptz '2024-05-01 00:00:00+00' + (g / 2) * interval '1 microsecond'
      FROM generate_series(1, 33) g`);
    const login = keysetLister(t, LOGIN, admin());
    for (const orderBy of [undefined, { field: 'ip', direction: 'asc' }, { field: 'ip', direction: 'desc' }]) {
      await expectConsistentWalks(login, { username: 'keysetwalker', ...(orderBy ? { orderBy } : {}) }, 8);
    }
    const bad = await t.call('POST', LOGIN, {
      token: admin(),
      body: { cursor: encodeCursor({ order: 'ip.asc', key: 1, id: 1 }) },
    });
    expect([bad.status, bad.body.data]).toEqual([400, { fields: [{ field: 'cursor', reason: 'invalidValue' }] }]);
  });
});
