import type { Contact } from '@agent-console/contracts';
import { sentTo } from '@agent-console/server/test/fixtures/agent-runtime';
import { type ChatAccountRow, waitUntil } from '@agent-console/server/test/fixtures/chat';
import { answersTo as answersOf } from '@agent-console/server/test/fixtures/conversation';
import type { TestGateway } from '@agent-console/server/test/test-app';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  answeredAccount as answeredAccountOf,
  answeringHarness,
  apiAs,
  customerWrites as customerWritesOf,
  HOURS,
  QA_QUESTION,
} from './support/answered-account';
import { adminHarnessForFile, openSignedIn, signIn } from './support/harness';

/**
 * Hand-over to a person in the browser (issue 16, acceptance 4): a staff member opens a contact's
 * conversation, takes over, replies by hand (the reply reaches the simulator), the customer writes
 * again and the agent does not answer; after "Release" the next message is answered. Then "needs
 * a person" on a phone in Chinese: counted on Home, the link opens the filtered contacts, the
 * conversation is marked as handled.
 */
const { h, admin } = adminHarnessForFile(answeringHarness(4));

const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => apiAs<T>(h, admin(), method, url, body);
const answeredAccount = (qa = true) => answeredAccountOf(h, admin(), qa);
const simApp = () => h.t as typeof h.t & { gateway: TestGateway };
const customerWrites = (account: ChatAccountRow, friend: Contact, text: string) =>
  customerWritesOf(h, account, friend, text);

const answersTo = (messageId: number) => answersOf(h.t, messageId);
const drawer = (page: Page) => page.getByTestId('conversation-drawer');
const agentBubbles = (page: Page) => drawer(page).locator('[data-source="agent"]');

describe('hand-over to a person', () => {
  it('takes over, replies by hand, the agent stays quiet, and answers again once released', async () => {
    const { account, friend } = await answeredAccount();
    const first = await customerWrites(account, friend, QA_QUESTION);
    expect(await answersTo(first.id)).toHaveLength(1);

    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto(`/chat/address?accountId=${account.id}`);
    // Opened from the keyboard: the row's conversation button, then Enter.
    await page.getByTestId(`conversation-open-${friend.id}`).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('conversation-transcript').waitFor();
    await page.getByTestId(`message-${first.id}`).waitFor();
    // The agent's reply: marked as the agent's, with its step and the QA it came from.
    await expect.poll(() => agentBubbles(page).count()).toBe(1);
    const reply = await agentBubbles(page).first().innerText();
    expect(reply).toContain(HOURS);
    expect(reply).toContain('QA');
    expect(reply).toContain(QA_QUESTION);
    expect(await page.getByTestId('conversation-state').getAttribute('data-paused')).toBe('false');

    // Take over (the default: one hour).
    await page.getByTestId('conversation-takeover').click();
    await expect.poll(() => page.getByTestId('conversation-state').getAttribute('data-paused')).toBe('true');
    expect(await page.getByTestId('conversation-state').innerText()).toContain('Taken over by');

    // Reply by hand: it reaches the simulated customer and shows as the person's.
    const text = 'Hello, this is Anna. Let me check that for you.';
    await page.getByTestId('conversation-reply-text').fill(text);
    await page.getByTestId('conversation-reply-send').click();
    await waitUntil(
      () => sentTo(simApp(), account, friend.wcId),
      (s) => s.includes(text),
      30_000,
      'the hand reply at the simulator',
    );
    const mine = drawer(page).locator('[data-source="person"]');
    await mine.waitFor();
    expect(await mine.innerText()).toContain('(by hand)');
    expect(await page.getByTestId('conversation-reply-text').inputValue()).toBe('');

    // The customer writes again: the message is logged and shown, its agent job has run, and the
    // agent did not answer.
    const quiet = await customerWrites(account, friend, 'Thanks! And are you open on Sundays?');
    await page.getByTestId(`message-${quiet.id}`).waitFor();
    expect(await answersTo(quiet.id)).toEqual([]);
    expect(await sentTo(simApp(), account, friend.wcId)).toEqual([HOURS, text]);
    expect(await agentBubbles(page).count()).toBe(1);

    // Released: the next message is answered, and the answer appears in the open drawer.
    await page.getByTestId('conversation-release').click();
    await expect.poll(() => page.getByTestId('conversation-state').getAttribute('data-paused')).toBe('false');
    const answered = await customerWrites(account, friend, 'What are your opening hours on Monday?');
    expect(await answersTo(answered.id)).toHaveLength(1);
    await waitUntil(
      () => sentTo(simApp(), account, friend.wcId),
      (s) => s.length === 3,
      30_000,
      'the agent answering again',
    );
    await expect.poll(() => agentBubbles(page).count(), { timeout: 15_000 }).toBe(2);
  }, 360_000);

  it('counts “needs a person” on Home and clears it from the conversation, on a phone in Chinese', async () => {
    const { account, friend } = await answeredAccount(false);
    // Nothing the knowledge base knows: the fallback reply, and the conversation needs a person.
    const unknown = await customerWrites(account, friend, 'Can you repair my grandfather’s clock from 1890?');
    expect((await answersTo(unknown.id))[0]).toMatchObject({ step: 'fallback', needsPerson: true });

    const { page } = await h.newPage({ lang: 'zh-chs', width: 390, height: 844 });
    await page.goto('/login');
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('home-needs-person').waitFor();
    await expect.poll(() => page.getByTestId('home-needs-person-total').innerText()).toBe('1');
    await page.getByTestId(`home-needs-person-${account.id}`).click();
    await expect.poll(() => page.url()).toContain('needsPerson=true');
    await page.getByTestId(`needs-person-${friend.id}`).waitFor();
    expect(await page.getByTestId(`needs-person-${friend.id}`).innerText()).toBe('需人工处理');
    // The narrow first cell still shows the contact's name: the flag goes under it, not over it.
    const name = page.getByTestId(`contact-${friend.id}`).locator('.ant-typography');
    expect((await name.boundingBox())?.width ?? 0).toBeGreaterThan(10);

    await page.getByTestId(`conversation-open-${friend.id}`).click();
    await page.getByTestId('conversation-needs-person').waitFor();
    // Full width on a phone, nothing wider than the screen.
    const box = await drawer(page).locator('.ant-drawer-section').boundingBox();
    expect(box?.width).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await agentBubbles(page).first().innerText()).toContain('兜底回复');

    await page.getByTestId('conversation-resolve').click();
    await page.getByTestId('conversation-needs-person').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByTestId(`needs-person-${friend.id}`).waitFor({ state: 'detached' });
    const count = await api<{ total: number }>('GET', '/api/v3/address/conversation/needsPerson');
    expect(count.total).toBe(0);
  }, 120_000);
});
