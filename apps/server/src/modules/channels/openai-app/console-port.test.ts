import { APP_FAILURES } from '@agent-console/contracts';
import { type ChildServer, childCall, freePort } from '@agent-console/server/test/child-server';
import { useChildConsole } from '@agent-console/server/test/fixtures/child-console';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { apps } from '../../../db/schema';

/**
 * Issue 31, hole 1: an app saved on the console's own port, started and left "meant to run",
 * took that port at the next start before the console did, and the console exited with
 * EADDRINUSE on every start. Runs the built server, on the embedded database or on PostgreSQL
 * when TEST_DATABASE_URL is set, and restarts it on the same port.
 */
const child = useChildConsole('ac-console-port', 'console-port-admin');
const { data } = child;

/** The envelope of a call, whatever its code. */
async function envelope(s: ChildServer, url: string, token: string, body: unknown) {
  const res = await fetch(`${s.baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: string; data: unknown } };
}

describe('the console’s own port', () => {
  it('is never an app’s, and an app row that names it cannot keep the console from starting', async () => {
    await data.prepare();
    const consolePort = await freePort();
    let server = await child.start(data.env(), { port: consolePort });
    let token = await child.login(server);
    const me = await childCall<{ customer: { id: number } }>(server, 'GET', '/api/v3/system/user/info', token);
    const base = { customerId: me.customer.id, name: 'Squatter', code: 'squatter' };

    const refused = await envelope(server, '/api/v3/app/info/save', token, { ...base, port: consolePort });
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'A0420', data: { fields: [{ field: 'port', reason: 'reservedPort' }] } }),
    });
    const app = await childCall<{ id: number }>(server, 'POST', '/api/v3/app/info/save', token, {
      ...base,
      port: await freePort(),
    });
    const moved = await envelope(server, `/api/v3/app/info/update/${app.id}`, token, { ...base, port: consolePort });
    expect(moved.body).toMatchObject({ code: 'A0420', data: { fields: [{ field: 'port', reason: 'reservedPort' }] } });

    // A row written before the rule (or by hand): the console's port, meant to run.
    await server.stop();
    await data.withDatabase((db) =>
      db.update(apps).set({ port: consolePort, desiredRunning: true, status: 'running' }).where(eq(apps.id, app.id)),
    );
    server = await child.start(data.env(), { port: consolePort });
    token = await child.login(server);
    const s = server;
    await vi.waitFor(
      async () => {
        const page = await childCall<{ list: { id: number; status: string; statusReason: string | null }[] }>(
          s,
          'POST',
          '/api/v3/app/info/list/page',
          token,
          {},
        );
        expect(page.list.find((a) => a.id === app.id)).toMatchObject({
          status: 'failed',
          statusReason: APP_FAILURES.portNotAllowed({ port: consolePort }),
        });
      },
      { timeout: 20_000 },
    );
    expect((await fetch(`${s.baseUrl}/api/health`)).ok).toBe(true);
  }, 480_000);
});
