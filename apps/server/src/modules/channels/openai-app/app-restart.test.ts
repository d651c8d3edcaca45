import { type ChildServer, childCall, freePort, startChildServer } from '@agent-console/server/test/child-server';
import { useChildConsole } from '@agent-console/server/test/fixtures/child-console';
import { describe, expect, it, vi } from 'vitest';

/**
 * Acceptance 3 of issue 14: an app that was running runs again after the console restarts, both
 * after a clean shutdown (which closes its listener) and after SIGKILL (which leaves `running` in
 * the database with nothing listening). Runs the built server, on the embedded database or on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
const child = useChildConsole('ac-apps-restart', 'restart-test-admin');
const { data } = child;

const env = () => data.env({ APPS_HOST: '127.0.0.1' });
const call = childCall;
const login = child.login;

/** What the app itself answers: its health and a chat completion with its key. */
async function appAnswers(port: number, apiKey: string): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Is anybody there?' }] }),
    });
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    return body.choices[0]?.message.content ?? null;
  } catch {
    return null;
  }
}

async function statusOf(s: ChildServer, token: string, id: number): Promise<string | undefined> {
  const page = await call<{ list: { id: number; status: string }[] }>(
    s,
    'POST',
    '/api/v3/app/info/list/page',
    token,
    {},
  );
  return page.list.find((a) => a.id === id)?.status;
}

describe('apps across a console restart', () => {
  it('starts the apps that were running again, after a clean stop and after a kill', async () => {
    await data.prepare();
    let server = await child.start(env());
    let token = await login(server);
    const me = await call<{ customer: { id: number } }>(server, 'GET', '/api/v3/system/user/info', token);
    const app = await call<{ id: number; port: number; apiKey: string }>(
      server,
      'POST',
      '/api/v3/app/info/save',
      token,
      {
        customerId: me.customer.id,
        name: 'Survivor',
        code: 'survivor',
        port: await freePort(),
      },
    );
    const idle = await call<{ id: number; port: number }>(server, 'POST', '/api/v3/app/info/save', token, {
      customerId: me.customer.id,
      name: 'Idle',
      code: 'idle',
      port: await freePort(),
    });
    await call(server, 'GET', `/api/v3/app/info/startApp/${app.id}`, token);
    expect(await appAnswers(app.port, app.apiKey)).toBeTruthy();
    if (!process.env.TEST_DATABASE_URL) {
      // The embedded database has one owner (issue 20): a second console on its folder is refused,
      // and says why, before it touches anything.
      await expect(startChildServer(env())).rejects.toThrow(/The embedded database in .* is in use by process \d+/);
      expect(await appAnswers(app.port, app.apiKey)).toBeTruthy();
    }

    // A clean stop closes the listener ...
    await server.stop();
    expect(await appAnswers(app.port, app.apiKey)).toBeNull();
    // ... and the next start opens it again; the app that was stopped stays stopped.
    server = await child.start(env());
    token = await login(server);
    expect(await statusOf(server, token, app.id)).toBe('running');
    expect(await statusOf(server, token, idle.id)).toBe('stopped');
    expect(await appAnswers(app.port, app.apiKey)).toBeTruthy();
    expect(await appAnswers(idle.port, 'any')).toBeNull();

    // A kill leaves no time to close anything; the next start serves the app again.
    await server.kill();
    expect(await appAnswers(app.port, app.apiKey)).toBeNull();
    server = await child.start(env());
    token = await login(server);
    const s = server;
    await vi.waitFor(async () => expect(await appAnswers(app.port, app.apiKey)).toBeTruthy(), { timeout: 20_000 });
    expect(await statusOf(s, token, app.id)).toBe('running');
  }, 480_000);
});
