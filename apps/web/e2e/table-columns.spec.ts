import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

/**
 * Issue 13: on the users list at 1440 px the status and created columns hid behind the actions
 * column pinned on the right (every cell was one line long, so the table outgrew its card).
 */

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const HEADERS = {
  en: { status: 'Status', created: 'Created', actions: 'Actions' },
  'zh-chs': { status: '状态', created: '创建时间', actions: '操作' },
} as const;

async function box(cell: Locator) {
  const b = await cell.boundingBox();
  if (!b) throw new Error('header cell not shown');
  return b;
}

describe('pinned actions column at 1440×900', () => {
  it.each(['en', 'zh-chs'] as const)('%s: no column of the users list sits under the actions column', async (lang) => {
    const { page } = await h.newPage({ lang, width: 1440, height: 900 });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('app-layout').waitFor();
    await page.goto('/system/user');
    const table = page.getByTestId('user-page');
    await table.locator('.ant-table-row').first().waitFor();
    const th = (name: string) => table.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });
    const names = HEADERS[lang];
    const actions = await box(th(names.actions));
    // Every column ends where the next one starts: none reaches into the pinned one.
    for (const name of [names.status, names.created]) {
      await poll(async () => (await box(th(name))).x + (await box(th(name))).width).toBeLessThanOrEqual(
        actions.x + 0.5,
      );
    }
    // And the table fits its card: nothing to scroll to at this width.
    expect(await table.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  });
});
