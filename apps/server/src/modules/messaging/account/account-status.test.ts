import { CHAT_ACCOUNT_PERMISSIONS, type ChatSyncResult } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { logInThroughSimulator } from '@agent-console/server/test/fixtures/login-flow';
import { customerWithRecipient, saveMailSettings } from '@agent-console/server/test/fixtures/mail-recipient';
import { useSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { createTestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chatAccounts, chatLoginSessions } from '../../../db/schema';
import { WkteamClient } from '../../../integrations/messaging-gateway/wkteam-client';
import { createBoss } from '../../../jobs/boss';
import { QUEUES } from '../../../jobs/queues';
import { type StatusDeps, superviseAccounts } from './account-status';
import { runStatusBeat } from './status-supervisor';

/**
 * The login supervisor: the sync call and the heartbeat notice drops at the gateway themselves.
 * The simulator's callbacks go nowhere in this file (an address nothing listens on), so every
 * drop is found by asking the gateway, as it is when a callback is lost.
 */
const LOST_CALLBACKS = { callbackUrl: 'http://127.0.0.1:9/nowhere', callbackRetries: 0 };

const peer = useSmtpPeer();
const { t, admin, f } = useAdminApp({ gateway: { simulator: LOST_CALLBACKS } });
let deps: StatusDeps;

beforeAll(async () => {
  await saveMailSettings(f, peer);
  deps = {
    db: t.database.db,
    gateway: t.gateway.adapter,
    mail: { db: t.database.db, secretBox: t.secretBox },
  };
});

const P = '/api/v3/account';
const row = async (id: number) => (await t.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, id)))[0];
const mailsTo = (email: string) => peer.received.filter((m) => m.to.includes(email));

describe('status sync', () => {
  it('finds a drop at the gateway: offline with the reason, one mail, and a second sync changes nothing', async () => {
    const c = await customerWithRecipient(t, f);
    const m = await f.member([CHAT_ACCOUNT_PERMISSIONS.sync, CHAT_ACCOUNT_PERMISSIONS.login], 3, c.customerId);
    const account = await logInThroughSimulator(t, m.token, 'region=7');
    const other = await logInThroughSimulator(t, m.token, 'region=7');
    const quiet = await f.ok<ChatSyncResult>('GET', `${P}/syncWktWechatLoginStatus`, undefined, m.token);
    expect(quiet).toEqual({ checked: 2, online: 2, offline: 0, changed: [] });

    expect(await t.gateway.sim.drop(account.wcId, 'firstDayDrop')).toEqual({ delivered: false });
    expect((await row(account.id))?.loginStatus).toBe('online');
    const synced = await f.ok<ChatSyncResult>('GET', `${P}/syncWktWechatLoginStatus`, undefined, m.token);
    expect(synced).toEqual({
      checked: 2,
      online: 1,
      offline: 1,
      changed: [{ id: account.id, from: 'online', to: 'offline' }],
    });
    expect(await row(account.id)).toMatchObject({ loginStatus: 'offline', offlineReason: 'firstDayDrop' });
    expect((await row(account.id))?.offlineAt).toBeInstanceOf(Date);
    expect((await row(other.id))?.loginStatus).toBe('online');
    const mail = await peer.waitFor((x) => x.to.includes(c.email));
    expect(mail.subject).toBe(`Agent Console: messaging account "${account.nickname} (${account.account})" is offline`);

    // Offline accounts are not asked again; nothing changes, no second mail.
    const again = await f.ok<ChatSyncResult>(
      'GET',
      `${P}/syncWktWechatLoginStatus?id=${account.id}`,
      undefined,
      m.token,
    );
    expect(again).toEqual({ checked: 0, online: 0, offline: 1, changed: [] });
    await superviseAccounts(deps);
    expect(mailsTo(c.email)).toHaveLength(1);
  });

  it('answers C0120 when no gateway is configured, after checking the id', async () => {
    const bare = await createTestApp();
    try {
      const token = await bare.loginAdmin();
      const res = await bare.call('GET', `${P}/syncWktWechatLoginStatus`, { token });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'C0120', data: { detail: 'no messaging gateway is configured' } });
      expect((await bare.call('GET', `${P}/syncWktWechatLoginStatus?id=5`, { token })).body.code).toBe('A0404');
      expect((await bare.call('GET', `${P}/login?region=3`, { token })).body.code).toBe('C0120');
    } finally {
      await bare.close();
    }
  });
});

describe('heartbeat', () => {
  it('a gateway that does not answer takes its accounts offline (gatewayUnreachable); they return when it answers', async () => {
    const c = await customerWithRecipient(t, f);
    const account = await logInThroughSimulator(t, admin(), `region=9&customerId=${c.customerId}`);
    // The real adapter, pointed at a port nothing listens on, with quick retries.
    const dead = new WkteamClient({
      baseUrl: () => 'http://127.0.0.1:9/gateway',
      token: 'x',
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const down = await superviseAccounts({ ...deps, gateway: dead });
    expect(down.changed).toContainEqual({ id: account.id, from: 'online', to: 'offline' });
    expect(await row(account.id)).toMatchObject({ loginStatus: 'offline', offlineReason: 'gatewayUnreachable' });
    await peer.waitFor((x) => x.to.includes(c.email));

    const up = await superviseAccounts(deps);
    expect(up.changed).toContainEqual({ id: account.id, from: 'offline', to: 'online' });
    expect((await row(account.id))?.loginStatus).toBe('online');
    expect(mailsTo(c.email)).toHaveLength(1);
  });

  it('each beat also removes login sessions older than a day', async () => {
    const qr = await f.ok<{ loginSessionId: string }>('GET', `${P}/login?region=3`);
    const [old] = await t.database.db
      .update(chatLoginSessions)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(chatLoginSessions.id, qr.loginSessionId))
      .returning();
    expect(old).toBeDefined();
    const fresh = await f.ok<{ loginSessionId: string }>('GET', `${P}/login?region=3`);
    await runStatusBeat(deps);
    const left = (await t.database.db.select({ id: chatLoginSessions.id }).from(chatLoginSessions)).map((s) => s.id);
    expect(left).toContain(fresh.loginSessionId);
    expect(left).not.toContain(qr.loginSessionId);
  });

  it('runs on pg-boss: the queue is scheduled, and a job on it checks the accounts', async () => {
    // An app of its own with background jobs, so that no beat runs under the tests above.
    const withJobs = await createTestApp({ gateway: { simulator: LOST_CALLBACKS }, jobs: true });
    const sender = createBoss(withJobs.database, { url: withJobs.database.url });
    sender.on('error', () => {});
    try {
      const schedules = await withJobs.database.sql.query<{ name: string; cron: string }>(
        'SELECT name, cron FROM pgboss.schedule WHERE name = $1',
        [QUEUES.gatewayStatus.name],
      );
      expect(schedules.rows).toEqual([{ name: QUEUES.gatewayStatus.name, cron: '* * * * *' }]);
      // Singleton: a beat still checking a slow gateway is not joined by the next one.
      const queue = await withJobs.database.sql.query<{ policy: string }>(
        'SELECT policy FROM pgboss.queue WHERE name = $1',
        [QUEUES.gatewayStatus.name],
      );
      expect(queue.rows).toEqual([{ policy: 'singleton' }]);

      const account = await logInThroughSimulator(withJobs, await withJobs.loginAdmin(), 'region=12');
      await withJobs.gateway.sim.drop(account.wcId, 'loggedOutOnPhone');
      // What the schedule does each minute: put a job on the queue; the console's worker takes it.
      await sender.start();
      await sender.send(QUEUES.gatewayStatus.name, {});
      await vi.waitFor(
        async () => {
          const [after] = await withJobs.database.db.select().from(chatAccounts).where(eq(chatAccounts.id, account.id));
          expect(after).toMatchObject({ loginStatus: 'offline', offlineReason: 'loggedOutOnPhone' });
        },
        { timeout: 30_000, interval: 200 },
      );
    } finally {
      await sender.stop({ graceful: false, wait: true });
      await withJobs.close();
    }
  });
});
