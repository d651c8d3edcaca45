import type { FollowupRobot, FollowupStrategy, PageResult } from '@agent-console/contracts';
import { chatAccounts } from '@agent-console/server/test/db';
import { type ChatAccountRow, simAccount } from '@agent-console/server/test/fixtures/chat';
import { quietContact, stopMinuteSweep } from '@agent-console/server/test/fixtures/followup';
import { ManualClock } from '@agent-console/server/test/fixtures/manual-clock';
import type { TestApp, TestGateway } from '@agent-console/server/test/test-app';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHarnessForFile, openSignedIn, signIn } from './support/harness';

/**
 * Follow-up end to end (issue 18, acceptance 3), in English and Simplified Chinese: a strategy of
 * two steps and a robot are created and enabled in the browser; the dry run lists the contact who
 * went quiet; "Sweep now" queues step 1, the robot's send log shows it sent (and the simulated
 * phone received it), and the dry run then finds nobody due. Both screens also read at phone width.
 */
const HOUR = 3_600_000;
// The sweep reads working hours on the app's clock: noon today is inside the robot's 08:00–20:00
// whenever the test runs.
const clock = new ManualClock();
const { h, admin } = adminHarnessForFile(() => {
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  clock.set(noon);
  return {
    jobs: true,
    clock,
    gateway: { simulator: { minGapMs: 100 } },
    pacing: { minGapMs: 150, jitterMs: 250, perCharMs: 0, maxTypingMs: 0 },
  };
});
let gw: TestApp & { gateway: TestGateway };
beforeAll(async () => {
  gw = h.t as TestApp & { gateway: TestGateway };
  await stopMinuteSweep(h.t);
});

const TEXTS = {
  en: {
    queued: '1 follow-up queued',
    sweptNothing: 'Nothing to send now',
    sent: 'Sent',
    nobody: 'Nobody is due now',
    deleteNote: '1 robot runs this strategy; it stops running it.',
    trigger: 'No reply for a while',
    triggerDetail: '48 hours',
  },
  'zh-chs': {
    queued: '已排队 1 条跟进',
    sweptNothing: '目前没有需要发送的跟进',
    sent: '已发送',
    nobody: '目前没有需要跟进的联系人',
    deleteNote: '有 1 个机器人在运行此策略，删除后它们将停止运行。',
    trigger: '一段时间未回复',
    triggerDetail: '48 小时',
  },
} as const;
type Lang = keyof typeof TEXTS;

async function strategyNamed(name: string) {
  const answer = await h.t.call<PageResult<FollowupStrategy>>('POST', '/api/v3/followup/config/page', {
    token: admin(),
    body: { pageNum: 1, pageSize: 50, keyword: name },
  });
  return answer.body.data?.list.find((s) => s.name === name);
}

async function robotOf(accountId: number) {
  const answer = await h.t.call<PageResult<FollowupRobot>>('POST', '/api/v3/followup/robot/list/page', {
    token: admin(),
    body: { pageNum: 1, pageSize: 50, accountId },
  });
  return answer.body.data?.list[0];
}

/** Chooses an option of an antd select by its text (the open dropdown is the last one drawn). */
async function choose(page: Page, select: string, option: string) {
  await page.getByTestId(select).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The input of a field whose test id antd puts on the input itself or on its wrapper. */
const inputOf = (page: Page, testId: string, within: Page | Locator = page) =>
  within.getByTestId(testId).locator('xpath=descendant-or-self::input').first();

/** Types a time into an antd time picker and leaves it. */
async function typeTime(page: Page, picker: string, time: string) {
  const input = inputOf(page, picker);
  await input.click();
  await input.fill(time);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(time);
}

async function createStrategy(page: Page, name: string) {
  await page.goto('/followup/config');
  await page.getByTestId('followup-config-page').waitFor();
  await page.getByTestId('crud-create').click();
  const dialog = page.getByTestId('strategy-dialog');
  await dialog.waitFor();
  // Saved empty, every mistake shows at once: the name's own rule and the contract's check of the step.
  await page.getByTestId('crud-dialog-ok').click();
  await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBeGreaterThanOrEqual(2);
  await page.getByTestId('strategy-name').fill(name);
  await inputOf(page, 'strategy-trigger-value').fill('48');
  const steps = dialog.getByTestId('step-row');
  await steps.nth(0).getByTestId('step-text').fill(`Hello again from ${name}`);
  await page.getByTestId('step-add').click();
  await steps.nth(1).getByTestId('step-text').fill(`Still there? (${name})`);
  expect(await inputOf(page, 'step-delay', steps.nth(1)).inputValue()).toBe('24');
  // A cap below the number of steps is pointed out, and the note goes once the cap allows them all.
  await inputOf(page, 'strategy-max-sends').fill('1');
  await page.getByTestId('strategy-cap-warning').waitFor();
  await inputOf(page, 'strategy-max-sends').fill('2');
  await page.getByTestId('strategy-cap-warning').waitFor({ state: 'detached' });
  await page.getByTestId('crud-dialog-ok').click();
  await dialog.waitFor({ state: 'detached' });

  // Saved disabled, then enabled from the list's switch.
  await expect.poll(async () => (await strategyNamed(name))?.enabled).toBe(false);
  const saved = await strategyNamed(name);
  expect(saved?.steps.map((s) => [s.type, s.text, s.delayHours])).toEqual([
    ['text', `Hello again from ${name}`, null],
    ['text', `Still there? (${name})`, 24],
  ]);
  await page.getByTestId(`strategy-toggle-${name}`).click();
  await expect.poll(async () => (await strategyNamed(name))?.enabled).toBe(true);
  await expect.poll(() => page.getByTestId(`strategy-toggle-${name}`).getAttribute('aria-checked')).toBe('true');
}

async function createRobot(page: Page, account: ChatAccountRow, strategy: string): Promise<number> {
  await page.goto('/followup/active');
  await page.getByTestId('followup-active-page').waitFor();
  await page.getByTestId('crud-create').click();
  const dialog = page.getByTestId('robot-dialog');
  await dialog.waitFor();
  await choose(page, 'robot-account', account.nickname);
  await choose(page, 'robot-strategies', strategy);
  await inputOf(page, 'robot-daily-cap').fill('20');
  await typeTime(page, 'robot-work-start', '08:00');
  await typeTime(page, 'robot-work-end', '20:00');
  await page.getByTestId('crud-dialog-ok').click();
  await dialog.waitFor({ state: 'detached' });

  await expect.poll(async () => (await robotOf(account.id))?.enabled).toBe(false);
  const robot = await robotOf(account.id);
  if (!robot) throw new Error('no robot saved');
  expect([robot.strategyNames, robot.dailyCap, robot.workStart, robot.workEnd]).toEqual([
    [strategy],
    20,
    '08:00',
    '20:00',
  ]);
  await page.getByTestId(`robot-toggle-${robot.id}`).click();
  await expect.poll(async () => (await robotOf(account.id))?.enabled).toBe(true);
  return robot.id;
}

async function runThrough(page: Page, lang: Lang) {
  const text = TEXTS[lang];
  // Named for this run: the simulator's generated nicknames may repeat.
  const simulated = await simAccount(gw, { customerId: 1 });
  const [account] = await h.t.database.db
    .update(chatAccounts)
    .set({ nickname: `Shop ${lang}` })
    .where(eq(chatAccounts.id, simulated.id))
    .returning();
  if (!account) throw new Error('no account');
  const contact = await quietContact(gw, account, {
    nickname: `Quiet ${lang}`,
    lastMessageAt: new Date(clock.now().getTime() - 100 * HOUR),
  });
  const name = `Win back ${lang}`;

  await createStrategy(page, name);
  // The trigger's kind from its dictionary, and under it what it waits for.
  const trigger = page.getByTestId('followup-config-page').getByTestId(`strategy-trigger-${name}`);
  expect(await trigger.innerText()).toContain(text.trigger);
  expect(await trigger.innerText()).toContain(text.triggerDetail);
  const robotId = await createRobot(page, account, name);

  // The dry run lists the contact with step 1, and says the sweep would send now.
  await page.getByTestId(`dry-run-${robotId}`).click();
  const dry = page.getByTestId('dry-run');
  await dry.getByTestId(`dry-run-contact-${contact.wcId}`).waitFor();
  expect(await dry.locator('tr', { hasText: contact.nickname }).innerText()).toContain(`Hello again from ${name}`);
  expect(await dry.getByTestId('dry-run-cap').getAttribute('data-cap-left')).toBe('20');
  await page.getByTestId('dry-run-close').click();
  await dry.waitFor({ state: 'detached' });

  // Sweep now: step 1 is queued, then sent, as the robot's send log shows. The minute sweep runs
  // too (the app has its jobs): if it came first, "sweep now" finds nothing left to send, and the
  // log below still has to show the step exactly once.
  await page.getByTestId(`sweep-${robotId}`).click();
  await page.getByTestId('sweep-confirm').click();
  await page
    .locator('.ant-message-notice')
    .filter({ hasText: new RegExp(`${text.queued}|${text.sweptNothing}`) })
    .waitFor();
  await page.getByTestId(`send-log-${robotId}`).click();
  const log = page.getByTestId('robot-log-drawer');
  const sendRow = log.locator('tr.ant-table-row', { hasText: contact.nickname });
  await sendRow.waitFor();
  await expect
    .poll(() => sendRow.locator('[data-status]').getAttribute('data-status'), { timeout: 30_000 })
    .toBe('sent');
  expect(await sendRow.innerText()).toContain(text.sent);
  expect(await sendRow.innerText()).toContain(`Hello again from ${name}`);
  const sent = await gw.gateway.sim.sent(account.wcId);
  expect(sent.filter((s) => s.to === contact.wcId).map((s) => s.content)).toEqual([`Hello again from ${name}`]);
  await page.keyboard.press('Escape');
  await log.waitFor({ state: 'hidden' });

  // Step 2 waits a day after step 1: nobody is due now.
  await page.getByTestId(`dry-run-${robotId}`).click();
  await page.getByTestId('dry-run-empty').waitFor();
  expect(await page.getByTestId('dry-run-empty').innerText()).toContain(text.nobody);
  await page.getByTestId('dry-run-close').click();

  // Deleting the strategy says the robot runs it (cancelled here).
  await page.goto('/followup/config');
  await page.getByTestId(`delete-${name}`).click();
  await page.getByTestId('strategy-delete-note').waitFor();
  expect(await page.getByTestId('strategy-delete-note').innerText()).toBe(text.deleteNote);
  await page.keyboard.press('Escape');
  await page.getByTestId('strategy-delete-note').waitFor({ state: 'detached' });
}

const RUN_TIMEOUT = 120_000;

describe('follow-up screens', () => {
  it.each(['en', 'zh-chs'] as const)(
    'create a strategy and a robot, dry run, sweep now and the send log (%s)',
    async (lang) => {
      const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, lang);
      await runThrough(page, lang);
    },
    RUN_TIMEOUT,
  );

  it('reads at phone width in Simplified Chinese', async () => {
    const { page } = await h.newPage({ lang: 'zh-chs', width: 390, height: 844 });
    await signIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(/\/index$/);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const [path, list, dialog] of [
      ['/followup/config', 'followup-config-page', 'strategy-dialog'],
      ['/followup/active', 'followup-active-page', 'robot-dialog'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(list).locator('tr.ant-table-row').first().waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.getByTestId('crud-create').click();
      const modal = page.locator('.ant-modal', { has: page.getByTestId(dialog) });
      await modal.waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      const box = await modal.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 1e9) <= 390).toBe(true);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    }
  });
});
