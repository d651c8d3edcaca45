import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * On a phone the chat opens as a modal over the whole screen: once its opening animation has
 * finished it is at least `width` × `height`, and no chat window is drawn beside it.
 */
export async function expectFullScreenChat(page: Page, width: number, height: number): Promise<void> {
  const container = page.locator('.chat-modal-wrap .ant-modal-container');
  // The machine is shared and slow at times: 10 s for the animation, not vitest's 1 s.
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
  await poll(async () => (await container.boundingBox())?.width).toBeGreaterThanOrEqual(width);
  await poll(async () => (await container.boundingBox())?.height).toBeGreaterThanOrEqual(height);
  expect(await page.getByTestId('chat-window').count()).toBe(0);
}
