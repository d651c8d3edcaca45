import { operationLogs } from '@agent-console/server/test/db';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { desc, eq } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/**
 * The operation log pages by cursor (issue 19): forward and back with the pager's buttons and
 * the keyboard, the page's cursor in the URL, and a row written while the list is open neither
 * lost nor shown twice.
 */
let h: Harness;
const TITLE = 'e2e/keyset';
const LIST = `/monitor/operlog?title=${encodeURIComponent(TITLE)}`;

beforeAll(async () => {
  h = await startHarness();
  // 45 rows, a second apart: three pages of 20.
  await h.t.database.sql.exec(`
    INSERT INTO operation_logs (title, business_type, method, path, username, customer_id, status, http_status,
      cost_ms, created_at)
    SELECT '${TITLE}', 'other', 'POST', '/keyset/' || g, 'admin', 1, 'success', 200, 1,
      timestamptz '2025-03-01 00:00:00+00' + g * interval '1 second'
    FROM generate_series(1, 45) g`);
});
afterAll(() => h.close());

/** The ids of the log rows, newest first, as the database holds them now. */
async function idsNow(): Promise<string[]> {
  const rows = await h.t.database.db
    .select({ id: operationLogs.id })
    .from(operationLogs)
    .where(eq(operationLogs.title, TITLE))
    .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id));
  return rows.map((r) => String(r.id));
}

const shownIds = (page: Page) =>
  page
    .getByTestId('operlog-page')
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''));

async function expectRows(page: Page, ids: string[]) {
  await expect.poll(() => shownIds(page)).toEqual(ids);
}

const activePage = (page: Page) => page.getByTestId('operlog-page').locator('.ant-pagination-item-active').innerText();

/** The body of the next page request the list sends. */
function nextPageRequest(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => r.url().endsWith('/api/v3/monitor/operation/log/page') && r.method() === 'POST')
    .then((r) => JSON.parse(r.postData() ?? '{}'));
}

describe('operation log paged by cursor', () => {
  it('pages forward and back; a row written meanwhile is neither lost nor shown twice', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    const before = await idsNow();
    await page.goto(LIST);
    await expectRows(page, before.slice(0, 20));
    await page.getByTestId('operlog-page').locator('.ant-pagination-total-text', { hasText: '45' }).waitFor();

    // A write lands on top while page 1 is shown: by page number, page 2 would repeat page 1's last row.
    await h.t.database.db.insert(operationLogs).values({
      title: TITLE,
      businessType: 'other',
      method: 'POST',
      path: '/keyset/new',
      username: 'admin',
      customerId: 1,
      status: 'success',
      httpStatus: 200,
      costMs: 1,
    });
    const fresh = (await idsNow())[0] ?? '';

    const second = nextPageRequest(page);
    await page.getByTestId('operlog-page').locator('.ant-pagination-next').click();
    expect(await second).toMatchObject({ pageNum: 2, withTotal: false, cursor: expect.any(String) });
    await expectRows(page, before.slice(20, 40));
    expect(await activePage(page)).toBe('2');
    await page.waitForURL((u) => u.searchParams.get('pageNum') === '2' && !!u.searchParams.get('cursor'));

    // The keyboard turns the page too: the pager's "next" takes Enter.
    await page.getByTestId('operlog-page').locator('.ant-pagination-next').focus();
    await page.keyboard.press('Enter');
    await expectRows(page, before.slice(40));
    expect(await activePage(page)).toBe('3');

    // A reload shows the same page, from its cursor in the URL.
    await page.reload();
    await expectRows(page, before.slice(40));

    const back = nextPageRequest(page);
    await page.getByTestId('operlog-page').locator('.ant-pagination-prev').click();
    expect(await back).toMatchObject({ pageNum: 2, cursorDirection: 'prev', cursor: expect.any(String) });
    await expectRows(page, before.slice(20, 40));

    // The first page is read afresh: the new row on top, page 1's last row moves to page 2.
    await page.getByTestId('operlog-page').locator('.ant-pagination-prev').click();
    await expectRows(page, [fresh, ...before.slice(0, 19)]);
    expect(await activePage(page)).toBe('1');
    await page.getByTestId('operlog-page').locator('.ant-pagination-total-text', { hasText: '46' }).waitFor();
    await page.getByTestId('operlog-page').locator('.ant-pagination-next').click();
    await expectRows(page, before.slice(19, 39));
  });
});
