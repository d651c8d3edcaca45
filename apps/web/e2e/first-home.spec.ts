import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { describe, expect, it } from 'vitest';
import { harnessForFile, signIn } from './support/harness';

/**
 * Issue 37, a first Home without a stray error: a failed sign-in before it stays on the
 * front-end log, but the header's log badge counts only the signed-in person's entries.
 */
const h = harnessForFile();

describe('first Home', () => {
  it('shows no error badge for a failed sign-in before it; /log still lists it', async () => {
    const { page } = await h.newPage({ lang: 'en' });
    await signIn(page, 'admin', 'not-the-password');
    await page.getByTestId('login-error').waitFor();
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.getByTestId('log-icon').waitFor();
    expect(await page.getByTestId('log-icon').getAttribute('data-state')).not.toBe('errors');
    await page.getByTestId('log-icon').click();
    await page.waitForURL(/\/log$/);
    // The failed attempt is still on the log.
    await expect
      .poll(() => page.getByTestId('log-table').locator('.ant-table-tbody tr.ant-table-row').count())
      .toBeGreaterThan(0);
  });
});
