import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { afterAll, beforeAll, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(() => h.close());

it('renders', async () => {
  for (const lang of ['en', 'zh-chs']) {
    const { page } = await h.newPage({ lang });
    page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    await page.goto('/chat/account');
    await page.getByTestId('chat-account-page').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/hweb/shots/account-${lang}.png`, fullPage: true });
    await page.getByTestId('chat-account-login').click();
    await page.getByTestId('login-dialog').waitFor();
    await page.getByTestId('login-get-qr').click();
    await page.getByTestId('login-region-error').waitFor();
    await page.screenshot({ path: `/tmp/hweb/shots/dialog-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/chat/address');
    await page.getByTestId('chat-address-page').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/hweb/shots/address-${lang}.png`, fullPage: true });
  }
});
