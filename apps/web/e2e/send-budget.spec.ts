import type { ChatAccount, Contact, PageResult } from '@agent-console/contracts';
import { sentTo } from '@agent-console/server/test/fixtures/agent-runtime';
import { setReplyReserve, setSentToday, setUserEmail } from '@agent-console/server/test/fixtures/send-budget';
import { startSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import type { TestGateway } from '@agent-console/server/test/test-app';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  answeredAccount,
  answeringHarness,
  apiAs,
  customerWrites,
  HOURS,
  QA_QUESTION,
} from './support/answered-account';
import { adminHarnessForFile, openSignedIn } from './support/harness';

/**
 * Issue 34 in the browser: (a) a batch meets the account's reply reserve and stops — the dialog
 * shows the budget and warns first — then a customer writes and the agent's reply is still sent;
 * (b) with the account at its cap, the customer writes: the reply cannot go, the conversation is
 * flagged with a translated reason and a local time, listed on Home and in the drawer, and the
 * customer's staff get a mail.
 */
const DAILY_CAP = 6;
// A new account (logged in just now) may send 6 a day.
const { h, admin } = adminHarnessForFile(answeringHarness(6, { warmUp: [{ withinHours: 24, cap: DAILY_CAP }] }));

const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => apiAs<T>(h, admin(), method, url, body);
const simApp = () => h.t as typeof h.t & { gateway: TestGateway };
const sim = () => simApp().gateway.sim;

/** The account as the account list answers it (its risk carries the send budget). */
async function listedAccount(accountId: number): Promise<ChatAccount> {
  const page = await api<PageResult<ChatAccount>>('POST', '/api/v3/account/list/page', { pageSize: 100 });
  const account = page.list.find((a) => a.id === accountId);
  if (!account) throw new Error(`account ${accountId} not listed`);
  return account;
}

const TEXT = {
  en: { dailyCap: "The account reached today's sending cap" },
  'zh-chs': { dailyCap: '账号已达今日发送上限' },
} as const;

/** A reason line reads "<reason> · since <local time>", never an ISO string. */
function expectLocalTime(text: string) {
  expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  expect(text).not.toMatch(/T\d{2}:\d{2}/);
}

async function checkFriends(page: Page, ids: number[]) {
  for (const id of ids) await page.getByTestId(`select-${id}`).check();
}

describe('replies before campaigns, and no silent failure', () => {
  it('(a) a batch stops at the reply reserve, and a customer who writes still gets the reply (English)', async () => {
    const { account, friends } = await answeredAccount(h, admin());
    expect(friends.length).toBeGreaterThanOrEqual(5);
    // The customer keeps half the sends for replies: of 6, batch messages may use 3.
    await setReplyReserve(h.t, account.customerId, 50);
    const recipients = friends.slice(0, 4);
    const writer = friends[4] as Contact;

    const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'en');
    await page.goto(`/chat/address?accountId=${account.id}`);
    await checkFriends(
      page,
      recipients.map((c) => c.id),
    );
    await page.getByTestId('address-send').click();
    const dialog = page.getByTestId('send-dialog');
    await dialog.waitFor();
    // Before sending: the budget, and a warning that one of the four will wait.
    await expect.poll(() => dialog.getByTestId('send-budget').getAttribute('data-campaign-left')).toBe('3');
    expect(await dialog.getByTestId('send-budget').innerText()).toBe(
      'Today 0 of 6 sent · 3 kept for replies · follow-ups and batch messages may send 3 more',
    );
    expect(await dialog.getByTestId('send-over-budget').innerText()).toContain('1 of these messages will wait');
    await page.getByTestId('send-content').fill('Our spring offer is here');
    await page.getByTestId('send-submit').click();
    await page.getByTestId('send-results').waitFor();
    await expect
      .poll(
        async () =>
          Promise.all(recipients.map((c) => page.getByTestId(`send-status-${c.id}`).getAttribute('data-status'))),
        { timeout: 60_000 },
      )
      .toEqual(['sent', 'sent', 'sent', 'queued']);
    const held = page.getByTestId(`send-reason-${recipients[3]?.id}`);
    expect(await held.getAttribute('data-held')).toBe('true');
    expect(await held.innerText()).toBe("Waits for another day: today's sends left are kept for replies");
    expect(await sim().sent(account.wcId)).toHaveLength(3);

    // A customer writes: the reply takes one of the sends kept for it.
    await customerWrites(h, account, writer, QA_QUESTION);
    await expect.poll(() => sentTo(simApp(), account, writer.wcId), { timeout: 30_000 }).toEqual([HOURS]);
    expect((await listedAccount(account.id)).risk.budget).toEqual({
      dailyCap: DAILY_CAP,
      sentToday: 4,
      replyReserve: 3,
      campaignQueued: 1,
      campaignLeft: 0,
    });
    // The batch message still waits: it never took the reply's place.
    expect(await page.getByTestId(`send-status-${recipients[3]?.id}`).getAttribute('data-status')).toBe('queued');
  }, 240_000);

  it('(b) at the cap, the reply that cannot go flags the conversation with its reason, on Home and by mail (Chinese)', async () => {
    const peer = await startSmtpPeer();
    try {
      await api('POST', '/api/v3/message/mail/save', {
        host: '127.0.0.1',
        port: peer.port,
        security: 'none',
        fromAddress: 'alerts@example.com',
        fromName: 'Console alerts',
      });
      await setUserEmail(h.t, 'admin', 'admin@example.com');
      // The opening hours are known already: (a) added them to the same customer.
      const { account, friend } = await answeredAccount(h, admin(), false);
      // The account has used its whole day.
      await setSentToday(h.t, account.id, DAILY_CAP);

      await customerWrites(h, account, friend, QA_QUESTION);
      await expect
        .poll(async () => (await api<{ total: number }>('GET', '/api/v3/address/conversation/needsPerson')).total, {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(1);
      expect(await sentTo(simApp(), account, friend.wcId)).toEqual([]);

      const page = await openSignedIn(h, 'admin', TEST_ADMIN_PASSWORD, 'zh-chs');
      const latest = page.getByTestId(`home-needs-person-contact-${friend.id}`);
      await latest.waitFor();
      const reason = latest.getByTestId('needs-person-reason');
      expect(await reason.getAttribute('data-reason')).toBe('dailyCap');
      const line = await reason.innerText();
      expect(line).toContain(TEXT['zh-chs'].dailyCap);
      expectLocalTime(line);

      await page.getByTestId(`home-needs-person-${account.id}`).click();
      await page.getByTestId(`conversation-open-${friend.id}`).click();
      const flag = page.getByTestId('conversation-needs-person');
      await flag.waitFor();
      expect(await flag.getByTestId('needs-person-reason').innerText()).toContain(TEXT['zh-chs'].dailyCap);

      // The customer's staff who can take it over hear of it.
      const mail = await peer.waitFor((m) => m.to.includes('admin@example.com'), 30_000);
      expect(mail.subject).toContain('need a person');
      expect(mail.text).toContain(friend.nickname || friend.wcId);
      expect(mail.text).toContain("the account reached today's sending cap");
    } finally {
      await peer.close();
    }
  }, 240_000);
});
