import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessForFile, openAdminOn, signIn } from './support/harness';

// With pg-boss, so "run now" goes through the queue and a worker like in production.
const h = harnessForFile({ jobs: true });

describe('scheduled jobs screen', () => {
  it('creates a job with a checked cron, runs it now and sees its log row', async () => {
    const page = await openAdminOn(h, '/system/job', 'en');
    await page.getByTestId('job-page').waitFor();
    await page.getByText('No scheduled jobs yet').waitFor();

    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByText('Please enter a job name').waitFor();
    await page.getByTestId('job-name').fill('Nightly health check');
    await page.getByTestId('job-handler').click();
    await page.getByTitle('Database health check (system.databaseHealth)').click();
    // The handler's example parameters are filled in.
    await expect.poll(() => page.getByTestId('job-params').inputValue()).toContain('maxLatencyMs');

    await page.getByTestId('job-cron').fill('every night');
    await page.getByTestId('cron-invalid').waitFor();
    // Saved as it is, the field names the error once: the preview's own line gives way.
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('job-dialog').locator('.ant-form-item-has-error .job-cron').waitFor();
    await page.getByTestId('cron-invalid').waitFor({ state: 'hidden' });
    await page.getByTestId('job-cron').fill('0 3 * * *');
    await page.getByTestId('cron-preview').locator('li').nth(4).waitFor();
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('job-dialog').waitFor({ state: 'detached' });

    const row = page.locator('tr', { hasText: 'Nightly health check' });
    await row.waitFor();
    await row.getByRole('button', { name: /Run now/ }).click();
    await page.getByTestId('confirm-run').click();
    await page.getByTestId('job-logs-drawer').waitFor();
    // The worker picks the run up; refresh until its row shows success.
    for (let i = 0; i < 40; i++) {
      if (await page.getByTestId('log-status-success').count()) break;
      await page.waitForTimeout(500);
      await page.getByTestId('log-refresh').click();
    }
    await page.getByTestId('log-status-success').waitFor();
    await page
      .getByTestId('job-log-table')
      .getByText(/database answered in \d+ ms/)
      .waitFor();
    await page.locator('.ant-drawer-close').click();

    // Edit: rename and enable; the next run time appears.
    await row.getByRole('button', { name: /Edit/ }).click();
    await page.getByTestId('job-name').fill('Hourly health check');
    await page.getByTestId('job-cron').fill('0 * * * *');
    await page.getByTestId('job-enabled').click();
    await page.getByTestId('crud-dialog-ok').click();
    await page.getByTestId('job-dialog').waitFor({ state: 'detached' });
    const renamed = page.locator('tr', { hasText: 'Hourly health check' });
    await renamed.getByText(/:00:00$/).waitFor();

    // Filter, then delete with confirmation; the run log stays.
    await page.getByTestId('filter-name').fill('nothing like this');
    await page.getByTestId('crud-search-submit').click();
    await page.getByText('No scheduled jobs yet').waitFor();
    await page.getByTestId('filter-name').fill('Hourly');
    await page.getByTestId('crud-search-submit').click();
    await renamed.getByRole('button', { name: /Delete/ }).click();
    await page.getByTestId('crud-confirm-delete').click();
    await page.getByText('No scheduled jobs yet').waitFor();
  });

  // Issue 35: the schedules pg-boss fires by itself, from the queue catalogue, under the jobs.
  const BUILTIN = {
    en: {
      names: ['Sender sweep', 'Account status check', 'Follow-up sweep'],
      title: 'Built-in schedules',
      hint: 'cannot be edited, paused, run or deleted here',
    },
    'zh-chs': {
      names: ['发送补漏巡检', '账号状态检查', '跟进巡检'],
      title: '内置计划任务',
      hint: '不能在此编辑、暂停、执行或删除',
    },
  } as const;

  async function seeBuiltinSchedules(page: Page, lang: keyof typeof BUILTIN) {
    const section = page.getByTestId('job-builtin');
    await section.waitFor();
    await section.getByText(BUILTIN[lang].title, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('job-builtin-hint').innerText()).toContain(BUILTIN[lang].hint);
    const rows = page.getByTestId('job-builtin-table').locator('.ant-table-row');
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(3);
    for (const [i, name] of BUILTIN[lang].names.entries()) {
      await expect.poll(() => rows.nth(i).innerText()).toContain(name);
      expect(await rows.nth(i).innerText()).toContain('* * * * *');
      // A next run in the calendar, not the dash of a schedule that never fires.
      expect(await rows.nth(i).innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00/);
    }
    // Read-only: no switch, link or button in the rows.
    expect(await rows.locator('button, a, .ant-switch').count()).toBe(0);
  }

  it('shows the built-in schedules, read-only, in English and in Simplified Chinese', async () => {
    for (const lang of ['en', 'zh-chs'] as const) {
      const page = await openAdminOn(h, '/system/job', lang);
      await page.getByTestId('job-page').waitFor();
      await seeBuiltinSchedules(page, lang);
    }
  });

  it('says a list is empty only once it has loaded: while the first load is out, only the spinner shows', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    // Both first loads are held: the jobs' page (a crud list) and the built-in schedules.
    await page.route(/\/api\/v3\/system\/job\/(page|builtin)(\?|$)/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto('/system/job');
    await expect.poll(() => asked.length).toBe(2);
    // The table's test id sits inside the spinner's wrapper, so the spinner is looked for in its card.
    await page.getByTestId('job-builtin').locator('.ant-spin-spinning').waitFor();
    await page.getByTestId('job-page').locator('.ant-spin-spinning').first().waitFor();
    expect(await page.getByText('No built-in schedules').count()).toBe(0);
    expect(await page.getByText('No scheduled jobs yet').count()).toBe(0);
    release();
    await page.getByTestId('job-builtin-table').locator('.ant-table-row').first().waitFor();
    await page.getByText('No scheduled jobs yet').waitFor();
  });

  it('fits a 390 px phone: the page never scrolls sideways, the schedules table scrolls inside itself', async () => {
    const { page } = await h.newPage({ lang: 'en', width: 390, height: 844 });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.goto('/system/job');
    await seeBuiltinSchedules(page, 'en');
    await page.getByTestId('job-builtin').scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    for (const id of ['job-page', 'job-builtin', 'job-builtin-hint', 'job-builtin-table']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box?.x ?? -1, id).toBeGreaterThanOrEqual(-0.5);
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), id).toBeLessThanOrEqual(390.5);
    }
    const scroller = page.getByTestId('job-builtin-table').locator('.ant-table-content');
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  it('lists runs on the dispatch-log screen in Simplified Chinese', async () => {
    const page = await openAdminOn(h, '/boot/admin/monitor/log/job', 'zh-chs');
    await page.getByTestId('job-log-page').waitFor();
    await page.getByTestId('job-log-table').getByText('成功').first().waitFor();
    await page.getByTestId('job-log-table').getByText('手动执行').first().waitFor();
  });
});
