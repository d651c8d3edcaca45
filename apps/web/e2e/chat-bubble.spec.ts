import { KNOWLEDGE_QA_PERMISSIONS } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFullScreenChat } from './support/chat-modal';
import { adminHarnessForFile, openSignedIn, signIn } from './support/harness';

/**
 * The chat bubble talks to the agent (issue 16, acceptance 4): a staff member with no chat
 * permission at all asks the app of their customer, the answer comes from a QA and names it, the
 * source opens the QA screen filtered to it; the conversation survives closing the window and a
 * reload; on a 390 px phone the same happens in a full-screen modal. All data is made through the API.
 */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const QUESTION = 'What are your opening hours?';
const ANSWER = 'We are open from 9:00 to 18:00, Monday to Friday.';

const { h, f } = adminHarnessForFile();
let member: { username: string; password: string; token: string; customerId: number };
let archive: { id: number };

beforeAll(async () => {
  const customerId = await f.customer('Bakery Ltd');
  // Only the QA screen: no permission for apps, AI or chat is needed to use the bubble.
  member = await f.member([KNOWLEDGE_QA_PERMISSIONS.list, KNOWLEDGE_QA_PERMISSIONS.add], 3, customerId);
  await f.ok('POST', '/api/v3/qa-file/qaSave', { question: QUESTION, answer: ANSWER }, member.token);
  // "Archive desk" sorts first but is stopped; the bubble starts with the first running app.
  archive = await f.ok<{ id: number }>('POST', '/api/v3/app/info/save', {
    customerId,
    name: 'Archive desk',
    code: 'archive-desk',
    port: await freePort(),
  });
  const desk = await f.ok<{ id: number }>('POST', '/api/v3/app/info/save', {
    customerId,
    name: 'Front desk',
    code: 'front-desk',
    port: await freePort(),
  });
  expect(await f.ok('GET', `/api/v3/app/info/startApp/${desk.id}`)).toMatchObject({ status: 'running' });
});

async function ask(page: Page, question: string) {
  const done = page.locator('[data-testid="chat-turn"][data-status="done"]');
  const before = await done.count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-input').press('Enter');
  await poll(() => done.count()).toBe(before + 1);
  return page.getByTestId('chat-turn').last();
}

describe('chat bubble', () => {
  it('desktop: answers from a QA with its source, keeps the conversation closed and reloaded, opens the QA', async () => {
    const page = await openSignedIn(h, member.username, member.password, 'en');
    await page.getByTestId('chat-bubble').click();
    const window = page.getByTestId('chat-window');
    await window.getByTestId('chat-app').getByText('Front desk').waitFor();
    expect(await window.getByTestId('chat-app-not-running').count()).toBe(0);
    // One customer: no customer select.
    expect(await window.getByTestId('chat-customer').count()).toBe(0);

    // Shift+Enter makes a new line and sends nothing; the counter counts characters, not UTF-16 units.
    const input = window.getByTestId('chat-input');
    await input.fill('Hello');
    await input.press('Shift+Enter');
    expect(await input.inputValue()).toBe('Hello\n');
    expect(await window.getByTestId('chat-turn').count()).toBe(0);
    await input.fill('😀'.repeat(2000));
    expect(await window.getByTestId('chat-counter').innerText()).toBe('2000 / 2000');
    await input.fill('😀'.repeat(2001));
    expect(await window.getByTestId('chat-counter').innerText()).toBe('1 character over the limit of 2000');
    expect(await window.getByTestId('chat-send').isDisabled()).toBe(true);

    const turn = await ask(page, QUESTION);
    expect(await turn.getByTestId('chat-question').innerText()).toBe(QUESTION);
    expect(await turn.getByTestId('chat-answer-text').innerText()).toBe(ANSWER);
    const source = turn.getByTestId('chat-source');
    expect(await source.innerText()).toBe(`QA: ${QUESTION}`);
    expect(await input.inputValue()).toBe('');

    // Closed and opened again: still there, and the draft too.
    await input.fill('unsent words');
    await window.getByRole('button', { name: 'Close chat' }).click();
    await window.waitFor({ state: 'detached' });
    await page.getByTestId('chat-bubble').click();
    await page.getByTestId('chat-window').getByTestId('chat-answer-text').getByText(ANSWER).waitFor();
    expect(await page.getByTestId('chat-input').inputValue()).toBe('unsent words');

    // Reloaded: read back from the server, sources included.
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await page.getByTestId('chat-bubble').click();
    const restored = page.getByTestId('chat-window').getByTestId('chat-turn');
    await restored.getByTestId('chat-answer-text').getByText(ANSWER).waitFor();
    expect(await restored.count()).toBe(1);

    // The source opens the QA screen filtered to that QA; the window stays open beside it.
    await restored.getByTestId('chat-source').click();
    await page.waitForURL((url) => url.pathname === '/knowledge/qa' && url.searchParams.get('keyword') === QUESTION);
    await page.getByTestId('qa-page').getByText(ANSWER).waitFor();
    expect(await page.getByTestId('qa-keyword').inputValue()).toBe(QUESTION);
    expect(await page.getByTestId('chat-window').count()).toBe(1);

    // A new conversation starts empty; the next question opens a new one.
    await page.getByTestId('chat-new').click();
    await page.getByTestId('chat-window').getByText('Ask Front desk a question', { exact: false }).waitFor();
    expect(await page.getByTestId('chat-turn').count()).toBe(0);
  });

  it('shows a refusal in the window and in the front-end log, and says a stopped app still answers', async () => {
    const page = await openSignedIn(h, member.username, member.password, 'en');
    await page.getByTestId('chat-bubble').click();
    const window = page.getByTestId('chat-window');
    await window.getByTestId('chat-app').click();
    await page.getByRole('option', { name: /Archive desk/ }).click();
    await window
      .getByTestId('chat-app-not-running')
      .getByText('the app still answers here', { exact: false })
      .waitFor();
    // The app goes away after it was picked: the question is refused naming the app.
    const admin = await h.t.loginAdmin();
    expect((await h.t.call('GET', `/api/v3/app/info/delete/${archive.id}`, { token: admin })).body.code).toBe('00000');
    await window.getByTestId('chat-input').fill(QUESTION);
    await window.getByTestId('chat-send').click();
    const error = window.getByTestId('chat-error');
    await error.getByText('App has an invalid value').waitFor();
    await poll(() => page.getByTestId('log-icon').getAttribute('data-state')).toBe('errors');
    expect(await window.locator('[data-testid="chat-turn"][data-status="failed"]').count()).toBe(1);
  });

  it('at 390 px: a full-screen chat answers from the QA, and its source opens the QA screen', async () => {
    const { page } = await h.newPage({ lang: 'zh-chs', width: 390, height: 844 });
    await page.goto('/login');
    await signIn(page, member.username, member.password);
    await page.getByTestId('app-layout').waitFor();
    await page.getByTestId('chat-bubble').click();
    const modal = page.getByTestId('chat-modal');
    await modal.getByTestId('chat-input').waitFor();
    await expectFullScreenChat(page, 385, 834);

    await modal.getByTestId('chat-new').click();
    const turn = await ask(page, QUESTION);
    expect(await turn.getByTestId('chat-answer-text').innerText()).toBe(ANSWER);
    expect(await turn.getByTestId('chat-source').innerText()).toBe(`问答：${QUESTION}`);
    // The input and the send button stay on screen.
    const send = await modal.getByTestId('chat-send').boundingBox();
    expect((send?.y ?? 0) + (send?.height ?? 0)).toBeLessThanOrEqual(844);

    await turn.getByTestId('chat-source').click();
    await page.waitForURL((url) => url.pathname === '/knowledge/qa');
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('qa-page').getByText(ANSWER).first().waitFor();
  });
});
