import type { Contact, PageResult } from '@agent-console/contracts';
import { logRow } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { accountRow, type ChatAccountRow } from '@agent-console/server/test/fixtures/chat';
import { agentJobDone } from '@agent-console/server/test/fixtures/conversation';
import type { TestGateway } from '@agent-console/server/test/test-app';
import { expect } from 'vitest';
import { chatAccountLoggedIn } from './chat-login';
import type { Harness, HarnessOptions } from './harness';

/** What the answered accounts' app knows (a QA of their customer). */
export const HOURS = 'We are open 9:00–18:00, Monday to Saturday.';
export const QA_QUESTION = 'What are your opening hours?';

/**
 * Harness options under which an answered conversation ends within a test: jobs on, and the
 * simulator and the pacing of sends fast (tens of milliseconds, not seconds). `pacing` adds to or
 * overrides that pacing.
 */
export function answeringHarness(contactCount: number, pacing: HarnessOptions['pacing'] = {}): HarnessOptions {
  return {
    jobs: true,
    gateway: { simulator: { contactCount, minGapMs: 20, windowMs: 1000, windowMax: 40 } },
    pacing: {
      minGapMs: 50,
      jitterMs: 50,
      perCharMs: 0,
      maxTypingMs: 0,
      backoffBaseMs: 300,
      backoffMaxMs: 2000,
      ...pacing,
    },
  };
}

/** A call as the signed-in `token` that must succeed; answers its data. */
export async function apiAs<T>(
  h: Harness,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<T> {
  const answer = await h.t.call<T>(method, url, { token, ...(body === undefined ? {} : { body }) });
  expect(answer.body.code, url).toBe('00000');
  return answer.body.data;
}

/**
 * An online account logged in by QR as `token`'s user, answered by an app of its customer
 * (knowing the opening hours unless `qa` is false), with its address list loaded; its friends.
 */
export async function answeredAccount(h: Harness, token: string, qa = true) {
  const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => apiAs<T>(h, token, method, url, body);
  const { id } = await chatAccountLoggedIn(h.t, token);
  await api('POST', '/api/v3/address/initAddressList', { accountId: id });
  await expect
    .poll(async () => (await api<{ status: string }>('GET', `/api/v3/address/initAddressList/${id}`)).status)
    .toBe('completed');
  const row = (await accountRow(h.t, id)) as ChatAccountRow;
  const app = await insertApp(h.t, { customerId: row.customerId });
  await api('POST', '/api/v3/account/setApp', { accountId: id, appId: app.id });
  if (qa) await insertQa(h.t, { customerId: row.customerId, question: QA_QUESTION, answer: HOURS });
  const friends = await api<PageResult<Contact>>('POST', '/api/v3/address/list/page', {
    accountId: id,
    type: 'friend',
    pageSize: 100,
  });
  const friend = friends.list[0];
  if (!friend) throw new Error('no friend to talk to');
  return { account: row, friend, friends: friends.list };
}

/** The harness's gateway simulator. */
export const simOf = (h: Harness) => (h.t as typeof h.t & { gateway: TestGateway }).gateway.sim;

/** The customer writes; answers the message's log row once the agent's job for it has run. */
export async function customerWrites(h: Harness, account: ChatAccountRow, friend: Contact, text: string) {
  const written = await simOf(h).customerWrites(account.wcId, friend.wcId, text);
  expect(written.delivered).toBe(true);
  const row = await logRow(h.t, account.id, written.msgId);
  await agentJobDone(h.t, row.id);
  return row;
}
