import { describe, expect, it } from 'vitest';
import { harnessForFile, openAdminOn } from './support/harness';

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

  it('lists runs on the dispatch-log screen in Simplified Chinese', async () => {
    const page = await openAdminOn(h, '/boot/admin/monitor/log/job', 'zh-chs');
    await page.getByTestId('job-log-page').waitFor();
    await page.getByTestId('job-log-table').getByText('成功').first().waitFor();
    await page.getByTestId('job-log-table').getByText('手动执行').first().waitFor();
  });
});
