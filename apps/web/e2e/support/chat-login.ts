import type { ChatAccount, ChatLoginInfo, ChatLoginSession } from '@agent-console/contracts';
import { postPageForm } from '@agent-console/server/test/fixtures/gateway-sim';
import type { TestApp } from '@agent-console/server/test/test-app';
import { expect } from 'vitest';

/**
 * An online messaging account, logged in without the browser: the QR login's calls, and the
 * simulator's phone page (what the QR code encodes) opened and confirmed over HTTP, as its form
 * posts it. The account's contacts are not initialised yet.
 */
export async function chatAccountLoggedIn(t: TestApp, token: string, region = 3): Promise<ChatAccount> {
  const qr = await t.call<ChatLoginSession>('GET', `/api/v3/account/login?region=${region}`, { token });
  expect(qr.body.code).toBe('00000');
  const phoneUrl = qr.body.data.qrContent;
  await (await fetch(phoneUrl)).arrayBuffer();
  const confirmed = await postPageForm(phoneUrl, { action: 'confirm', province: String(region) });
  // The phone page answers a refusal with a redirect carrying `error`.
  expect(confirmed.location.searchParams.get('error')).toBeNull();
  let info: ChatLoginInfo | undefined;
  await expect
    .poll(async () => {
      const answer = await t.call<ChatLoginInfo>('POST', '/api/v3/account/getLoginInfo', {
        token,
        body: { loginSessionId: qr.body.data.loginSessionId },
      });
      info = answer.body.data;
      return info?.status;
    })
    .toBe('confirmed');
  if (!info?.account) throw new Error('a confirmed login without its account');
  return info.account;
}
