import type { ChatAccount, ChatLoginInfo, ChatLoginSession } from '@agent-console/contracts';
import type { TestApp, TestGateway } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { chatLoginSessions } from '../../../db/schema';

/** The gateway's id of a console login session (what the simulator's phone acts on). */
export async function gatewaySessionOf(t: TestApp, loginSessionId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: chatLoginSessions.gatewaySessionId })
    .from(chatLoginSessions)
    .where(eq(chatLoginSessions.id, loginSessionId));
  if (!row) throw new Error('no such login session');
  return row.id;
}

async function okData<T>(t: TestApp, method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<T> {
  const res = await t.call<T>(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.body.code !== '00000') throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * A whole QR login through the console's calls and the simulator's phone page: request the QR
 * code, scan, confirm (from `phoneRegion`, by default the requested one), poll until confirmed.
 */
export async function logInThroughSimulator(
  t: TestApp & { gateway: TestGateway },
  token: string,
  query: string,
  phoneRegion?: number,
): Promise<ChatAccount> {
  const qr = await okData<ChatLoginSession>(t, 'GET', `/api/v3/account/login?${query}`, token);
  const id = await gatewaySessionOf(t, qr.loginSessionId);
  await t.gateway.sim.scan(id);
  await t.gateway.sim.confirm(id, phoneRegion ? { phoneRegion } : {});
  const info = await okData<ChatLoginInfo>(t, 'POST', '/api/v3/account/getLoginInfo', token, {
    loginSessionId: qr.loginSessionId,
  });
  if (info.status !== 'confirmed' || !info.account) throw new Error(`login not confirmed: ${JSON.stringify(info)}`);
  return info.account;
}
