import net from 'node:net';
import { APP_INFO_PERMISSIONS } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { apps } from '../../../db/schema';
import { appRuntimeOf } from './runtime/runtime-of';

const { t, admin, f } = useAdminApp();

const P = '/api/v3/app/info';
type App = { id: number; customerId: number; name: string; code: string; port: number; apiKey: string };
type State = { id: number; status: string; statusReason: string | null };
const appRow = async (id: number) => (await t.database.db.select().from(apps).where(eq(apps.id, id)))[0];

async function newApp(owner: TestApp = t, token = admin()): Promise<App> {
  const suffix = f.unique('').toLowerCase();
  const cid = await f.customer();
  const res = await owner.call<App>('POST', `${P}/save`, {
    token,
    body: { customerId: cid, name: `Runtime ${suffix}`, code: `rt-${suffix}`, port: await freePort() },
  });
  expect(res.body.code).toBe('00000');
  return res.body.data;
}

/** Whether something accepts TCP connections on the port: the app's listener or not. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/health`)).json();

describe('starting and stopping apps', () => {
  it('opens the port on start and closes it on stop; twice answers A0440 clearly', async () => {
    const app = await newApp();
    expect(await accepts(app.port)).toBe(false);
    const started = await f.ok<State>('GET', `${P}/startApp/${app.id}`);
    expect(started).toEqual({ id: app.id, status: 'running', statusReason: null });
    expect(await health(app.port)).toEqual({ status: 'ok' });
    expect(await appRow(app.id)).toMatchObject({ status: 'running', desiredRunning: true });

    const again = await t.call('GET', `${P}/startApp/${app.id}`, { token: admin() });
    expect(again.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'app', reason: 'alreadyRunning' }] } });
    expect(again.body.message).toBe('Operation not allowed: The app is already running');
    const zh = await t.call('GET', `${P}/startApp/${app.id}`, { token: admin(), lang: 'zh-chs' });
    expect(zh.body.message).toBe('不允许此操作：该应用已在运行');

    const stopped = await f.ok<State>('GET', `${P}/stopApp/${app.id}`);
    expect(stopped).toEqual({ id: app.id, status: 'stopped', statusReason: null });
    expect(await accepts(app.port)).toBe(false);
    expect(await appRow(app.id)).toMatchObject({ status: 'stopped', desiredRunning: false });
    const stopAgain = await t.call('GET', `${P}/stopApp/${app.id}`, { token: admin() });
    expect(stopAgain.body).toMatchObject({ code: 'A0440', data: { fields: [{ field: 'app', reason: 'notRunning' }] } });
    expect(stopAgain.body.message).toBe('Operation not allowed: The app is not running');
  });

  it('ends failed with the reason when the port is already in use, and starts once it is free', async () => {
    const app = await newApp();
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(app.port, '127.0.0.1', resolve));
    try {
      const failed = await f.ok<State>('GET', `${P}/startApp/${app.id}`);
      expect(failed).toEqual({ id: app.id, status: 'failed', statusReason: `Port ${app.port} is already in use` });
      const page = await f.ok<{ list: { id: number; status: string; statusReason: string }[] }>(
        'POST',
        `${P}/list/page`,
        { customerId: app.customerId },
      );
      expect(page.list[0]).toMatchObject({ status: 'failed', statusReason: `Port ${app.port} is already in use` });
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    // failed → starting → running
    expect(await f.ok<State>('GET', `${P}/startApp/${app.id}`)).toMatchObject({
      status: 'running',
      statusReason: null,
    });
    await f.ok('GET', `${P}/stopApp/${app.id}`);
  });

  it('stopping a failed app withdraws it from the apps started at the next console start', async () => {
    const app = await newApp();
    await t.database.db
      .update(apps)
      .set({ status: 'failed', statusReason: 'Port 1 is already in use', desiredRunning: true })
      .where(eq(apps.id, app.id));
    expect(await f.ok<State>('GET', `${P}/stopApp/${app.id}`)).toEqual({
      id: app.id,
      status: 'stopped',
      statusReason: null,
    });
    expect(await appRow(app.id)).toMatchObject({ desiredRunning: false });
  });

  it('serialises double clicks: one start and one stop win, the second of each is refused', async () => {
    const app = await newApp();
    const starts = await Promise.all([
      t.call<State>('GET', `${P}/startApp/${app.id}`, { token: admin() }),
      t.call<State>('GET', `${P}/startApp/${app.id}`, { token: admin() }),
    ]);
    expect(starts.map((r) => r.body.code).sort()).toEqual(['00000', 'A0440']);
    expect(await accepts(app.port)).toBe(true);
    const stops = await Promise.all([
      t.call<State>('GET', `${P}/stopApp/${app.id}`, { token: admin() }),
      t.call<State>('GET', `${P}/stopApp/${app.id}`, { token: admin() }),
    ]);
    expect(stops.map((r) => r.body.code).sort()).toEqual(['00000', 'A0440']);
    expect(await accepts(app.port)).toBe(false);
    expect((await appRow(app.id))?.status).toBe('stopped');
  });

  it('refuses to delete a running app or change its port; other fields change while it runs', async () => {
    const app = await newApp();
    await f.ok('GET', `${P}/startApp/${app.id}`);
    const removed = await t.call('GET', `${P}/delete/${app.id}`, { token: admin() });
    expect(removed.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'app', reason: 'runningStopFirst' }] },
    });
    expect(removed.body.message).toBe('Operation not allowed: The app is running; stop it first');
    expect(await appRow(app.id)).toBeDefined();
    const body = { customerId: app.customerId, name: app.name, code: app.code, port: await freePort() };
    const moved = await t.call('POST', `${P}/update/${app.id}`, { token: admin(), body });
    expect(moved.body).toMatchObject({
      code: 'A0440',
      data: { fields: [{ field: 'port', reason: 'lockedWhileRunning' }] },
    });
    expect((await appRow(app.id))?.port).toBe(app.port);
    await f.ok('POST', `${P}/update/${app.id}`, { ...body, port: app.port, name: 'Renamed while running' });
    expect(await health(app.port)).toEqual({ status: 'ok' });
    await f.ok('GET', `${P}/stopApp/${app.id}`);
    expect(await f.ok('GET', `${P}/delete/${app.id}`)).toEqual({ affected: 1 });
  });

  it('a listener that fails after it opened ends failed with the reason', async () => {
    const app = await newApp();
    await f.ok('GET', `${P}/startApp/${app.id}`);
    const server = appRuntimeOf({ database: t.database }).serverOf(app.id);
    expect(server).toBeDefined();
    server?.server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
    await vi.waitFor(async () => expect((await appRow(app.id))?.status).toBe('failed'), { timeout: 10_000 });
    expect((await appRow(app.id))?.statusReason).toBe('The listener failed: accept EMFILE');
    expect(await accepts(app.port)).toBe(false);
    expect(await f.ok<State>('GET', `${P}/startApp/${app.id}`)).toMatchObject({ status: 'running' });
    await f.ok('GET', `${P}/stopApp/${app.id}`);
  });

  it('a caller with only the start and stop permissions runs the apps of their customer', async () => {
    const m = await f.member([
      APP_INFO_PERMISSIONS.list,
      APP_INFO_PERMISSIONS.add,
      APP_INFO_PERMISSIONS.start,
      APP_INFO_PERMISSIONS.stop,
    ]);
    const res = await t.call<App>('POST', `${P}/save`, {
      token: m.token,
      body: { customerId: m.customerId, name: 'Own', code: 'own', port: await freePort() },
    });
    const app = res.body.data;
    expect(await f.ok<State>('GET', `${P}/startApp/${app.id}`, undefined, m.token)).toMatchObject({
      status: 'running',
    });
    expect(await f.ok<State>('GET', `${P}/stopApp/${app.id}`, undefined, m.token)).toMatchObject({ status: 'stopped' });
  });
});

describe('console start and shutdown', () => {
  it('resumes the apps meant to run and settles those a dead console left behind', async () => {
    const meant = await newApp();
    const stale = await newApp();
    await t.database.db.update(apps).set({ desiredRunning: true, status: 'running' }).where(eq(apps.id, meant.id));
    await t.database.db.update(apps).set({ desiredRunning: false, status: 'stopping' }).where(eq(apps.id, stale.id));
    await appRuntimeOf({ database: t.database }).resume();
    expect(await appRow(meant.id)).toMatchObject({ status: 'running', desiredRunning: true });
    expect(await health(meant.port)).toEqual({ status: 'ok' });
    expect(await appRow(stale.id)).toMatchObject({ status: 'stopped' });
    expect(await accepts(stale.port)).toBe(false);
    await f.ok('GET', `${P}/stopApp/${meant.id}`);
  });

  it('closes every listener when the console closes, keeping the wish to run', async () => {
    const other = await createTestApp();
    try {
      const token = await other.loginAdmin();
      const cid = await fixtures(other, () => token).customer();
      const created = await other.call<App>('POST', `${P}/save`, {
        token,
        body: { customerId: cid, name: 'Closing', code: 'closing', port: await freePort() },
      });
      const app = created.body.data;
      expect((await other.call<State>('GET', `${P}/startApp/${app.id}`, { token })).body.data.status).toBe('running');
      expect(await accepts(app.port)).toBe(true);
      await other.app.close();
      expect(await accepts(app.port)).toBe(false);
      const [row] = await other.database.db.select().from(apps).where(eq(apps.id, app.id));
      expect(row?.desiredRunning).toBe(true);
    } finally {
      await other.close();
    }
  });
});
