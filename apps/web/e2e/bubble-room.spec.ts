import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness';

/**
 * Issue 37: the chat bubble never covers a control. It sits in a strip of its own under the page;
 * on each screen, at desktop and phone width, scrolled to the top and to the bottom, nothing a
 * person can click has any part under it.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // Lists longer than the window, so their last rows and their pager reach the bottom corner.
  const admin = await h.t.loginAdmin();
  for (let i = 1; i <= 25; i++) {
    await h.t.call('POST', '/api/v3/system/post/save', {
      token: admin,
      body: { code: `room-${i}`, name: `Room ${i}` },
    });
  }
});
afterAll(async () => {
  await h?.close();
});

const SCREENS = [
  ['/system/user', 'user-page'],
  ['/system/post', 'post-page'],
  ['/monitor/operlog', 'operlog-page'],
  ['/knowledge/qa', 'qa-page'],
  ['/chat/address', 'chat-address-page'],
] as const;

/** The clickable elements of the page whose box meets the bubble's, as "tag.class" texts. */
function controlsUnderBubble(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bubble = document.querySelector('[data-testid="chat-bubble"]')?.getBoundingClientRect();
    if (!bubble) return ['no bubble'];
    const clickable = document.querySelectorAll(
      '.app-content a, .app-content button, .app-content input, .app-content [role="button"], .app-content .ant-select, .app-content .ant-pagination li, .app-content tr',
    );
    const out: string[] = [];
    for (const element of clickable) {
      const box = element.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      const meets =
        box.left < bubble.right && box.right > bubble.left && box.top < bubble.bottom && box.bottom > bubble.top;
      // Only what shows: a box inside a scrolled area may lie outside its visible part.
      const shown = document.elementFromPoint(
        Math.min(Math.max(box.left + 1, bubble.left), bubble.right - 1),
        Math.min(Math.max(box.top + 1, bubble.top), bubble.bottom - 1),
      );
      if (meets && shown && element.contains(shown)) out.push(`${element.tagName}.${element.className}`);
    }
    return out;
  });
}

async function signedIn(lang: string, width: number, height: number): Promise<Page> {
  const { page } = await h.newPage({ lang, width, height });
  await page.goto('/login');
  await page.getByTestId('login-form').locator('input#username').fill('admin');
  await page.getByTestId('login-form').locator('input#password').fill(TEST_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-layout').waitFor();
  return page;
}

describe('room for the bubble', () => {
  it.each([
    ['en', 1440, 900],
    ['zh-chs', 390, 844],
  ] as const)(
    '%s at %i px: no control under the bubble, at the top or the bottom of each screen',
    async (lang, width, height) => {
      const page = await signedIn(lang, width, height);
      for (const [path, testId] of SCREENS) {
        await page.goto(path);
        await page.getByTestId(testId).waitFor();
        await page.getByTestId('chat-bubble').waitFor();
        expect(await controlsUnderBubble(page), `${path} at the top`).toEqual([]);
        await page.locator('.app-content').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        expect(await controlsUnderBubble(page), `${path} at the bottom`).toEqual([]);
      }
      // The bubble still opens the chat, from its strip.
      await page.getByTestId('chat-bubble').click();
      await page.getByTestId(width < 768 ? 'chat-modal' : 'chat-window').waitFor();
    },
  );
});
