import { openBreaker, quickBreakingChat } from '@agent-console/server/test/fixtures/model-client';
import { type OpenAiPeer, startOpenAiPeer } from '@agent-console/server/test/fixtures/openai-peer';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/**
 * Home tells the people who run the product when the language model is down (issue 33): after
 * repeated failures its breaker opens, customers get built-in answers, and the card says so, in
 * English on a desktop and in Chinese on a phone.
 */
let h: Harness;
let peer: OpenAiPeer;
let llm: ReturnType<typeof quickBreakingChat>;

beforeAll(async () => {
  peer = await startOpenAiPeer({ pieces: ['Hello.'] });
  llm = quickBreakingChat(peer.url);
  h = await startHarness({ llm });
});
afterAll(async () => {
  await h.close();
  await peer.close();
});

describe('the language model on Home', () => {
  it('shows the model working, then unavailable once its breaker opens (en), and on a phone in Chinese', async () => {
    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD);
    const chat = page.getByTestId('home-model-chat');
    await chat.waitFor();
    expect(await chat.innerText()).toContain('Working.');

    peer.reply({ status: 500, body: '{"error":{"message":"down"}}' });
    await openBreaker(llm);
    await page.reload();
    await expect.poll(() => chat.innerText(), { timeout: 15_000 }).toContain('customers get built-in answers');

    const phone = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
    await phone.setViewportSize({ width: 390, height: 844 });
    const card = phone.getByTestId('home-model-chat');
    await card.waitFor();
    expect(await card.innerText()).toContain('客户收到内置回答');
    const box = await phone.getByTestId('home-model-status').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  }, 120_000);
});
