// @long-running: starts first (vitest.config.ts), so that it never holds a worker alone at the end.
import type {
  ChatLoginInfo,
  ChatLoginSession,
  Contact,
  ConversationView,
  Dept,
  FollowupRobot,
  FollowupSend,
  FollowupStrategy,
  FollowupSweepResult,
  PageResult,
} from '@agent-console/contracts';
import { type ChildServer, childCall } from '@agent-console/server/test/child-server';
import { useChildConsole } from '@agent-console/server/test/fixtures/child-console';
import { zoneAtNoon } from '@agent-console/server/test/fixtures/followup-runtime';
import { describe, expect, it } from 'vitest';
import { INTERRUPTED_REASON, STALE_CLAIM_MS } from '../../messaging/outbox/pacing-governor';

/**
 * Issue 18, acceptance 2 (the crash part): the built server as a child process with the gateway
 * simulator, everything over HTTP. A sweep queues step 1 to the contacts due, the server is
 * killed with SIGKILL, started again on the same data, and swept again — twice at once: step 1
 * is never planned or sent a second time, and what was queued before the kill still goes out,
 * once. On the embedded database, or on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * The kill may land after the sender took the first message (it takes one as soon as it is
 * queued, and waits out the typing pause holding it): that message is then failed as interrupted,
 * never sent again. On the embedded database (one owner) that happens as the restarted server's
 * senders start; on PostgreSQL, which other consoles may share, once the claim is stale
 * (STALE_CLAIM_MS), and the others wait behind it until then. Which of the two happens depends on
 * how fast the kill follows the sweep, so the test accepts both and waits as long as each takes.
 */
const child = useChildConsole('ac-followup-crash', 'followup-crash-admin');
const { data } = child;

const env = () => data.env({ LOGIN_RATE_LIMIT: '100000' });

/** The administrator's calls on the running child server. */
async function signIn(s: ChildServer) {
  const token = await child.login(s);
  return <T>(method: 'GET' | 'POST', url: string, body?: unknown) => childCall<T>(s, method, url, token, body);
}

async function until<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  what: string,
  // Far past what the waits need (a send's gap and typing pause are seconds): a loaded machine
  // starts a killed server again slowly.
  patienceMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('follow-up across a SIGKILL', () => {
  it('never plans or sends step 1 twice, and sends what was queued before the kill', { timeout: 900_000 }, async () => {
    await data.prepare();
    let server = await child.start(env());
    let call = await signIn(server);
    // The administrator's customer gets a zone where it is about noon, so working hours hold.
    const root = (await call<Dept[]>('GET', '/api/v3/system/dept/allList')).find((d) => d.parentId === null);
    if (!root) throw new Error('no root customer');
    await call('POST', `/api/v3/system/dept/update/${root.id}`, {
      name: root.name,
      sort: root.sort,
      enabled: true,
      defaultRoleId: root.defaultRoleId,
      timeZone: zoneAtNoon(new Date()),
    });

    // An account logged in on the simulator's phone page (what its QR code encodes), and its contacts.
    const qr = await call<ChatLoginSession>('GET', '/api/v3/account/login?region=3');
    const confirmed = await fetch(qr.qrContent, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=confirm&province=3',
      redirect: 'manual',
    });
    await confirmed.arrayBuffer();
    const info = await until(
      () => call<ChatLoginInfo>('POST', '/api/v3/account/getLoginInfo', { loginSessionId: qr.loginSessionId }),
      (i) => i.status === 'confirmed',
      'the login',
    );
    const accountId = info.account?.id ?? 0;
    await call('POST', '/api/v3/address/initAddressList', { accountId });
    await until(
      () => call<{ status: string }>('GET', `/api/v3/address/initAddressList/${accountId}`),
      (p) => p.status === 'completed',
      'the address list',
    );
    const friendsPage = (label?: string) =>
      call<PageResult<Contact>>('POST', '/api/v3/address/list/page', {
        accountId,
        type: 'friend',
        pageSize: 500,
        ...(label ? { label } : {}),
      });
    const friends = (await friendsPage()).list;
    // A label some friends carry: a label trigger makes them due at once, with no clock to move.
    const counts = new Map<string, number>();
    for (const l of friends.flatMap((c) => c.labels ?? [])) counts.set(l, (counts.get(l) ?? 0) + 1);
    const label = [...counts].sort((a, b) => a[1] - b[1])[0]?.[0];
    if (!label) throw new Error('no friend of the simulated account carries a label');
    const carrying = (await friendsPage(label)).list;
    expect(carrying.length).toBe(counts.get(label));
    // Three of them are followed up; the others are set silent, which leaves them out (and keeps
    // the test short: each send waits for the gateway's safe gap).
    const labelled = carrying.slice(0, 3);
    const quietened = carrying.slice(3).map((c) => c.id);
    if (quietened.length)
      await call('POST', '/api/v3/address/setRelationship', { ids: quietened, relationship: 'silent' });

    const strategy = await call<FollowupStrategy>('POST', '/api/v3/followup/config/save', {
      name: 'Crash-proof',
      triggerType: 'hasLabel',
      triggerLabel: label,
      steps: [
        { type: 'text', text: 'step one' },
        { type: 'text', text: 'step two', delayHours: 1 },
      ],
      maxSendsPerContact: 2,
      enabled: true,
    });
    const robot = await call<FollowupRobot>('POST', '/api/v3/followup/robot/save', {
      accountId,
      strategyIds: [strategy.id],
      dailyCap: 500,
      workStart: '09:00',
      workEnd: '17:00',
      enabled: true,
    });
    const sweep = () => call<FollowupSweepResult>('POST', `/api/v3/followup/robot/sweep/${robot.id}`);
    const log = () =>
      call<PageResult<FollowupSend>>('POST', '/api/v3/followup/robot/sendLog/page', {
        robotId: robot.id,
        pageSize: 100,
      });

    expect(await sweep()).toEqual({ queued: labelled.length, heldBecause: null });

    // Killed at once: most of the queued messages have not gone out yet.
    await server.kill();
    server = await child.start(env());
    call = await signIn(server);
    const again = await Promise.all([sweep(), sweep()]);
    expect(again.map((r) => r.queued)).toEqual([0, 0]);

    const done = await until(
      log,
      (page) => page.list.length > 0 && page.list.every((r) => r.status === 'sent' || r.status === 'failed'),
      'the queued follow-ups to go out',
      (process.env.TEST_DATABASE_URL ? STALE_CLAIM_MS : 0) + 180_000,
    );
    expect(done.list.map((r) => [r.wcId, r.step]).sort()).toEqual(labelled.map((c) => [c.wcId, 1]).sort());
    // Every one sent, but the one the sender held when the kill came, if it held one.
    const interrupted = done.list.filter((r) => r.status !== 'sent');
    expect(interrupted.length).toBeLessThanOrEqual(1);
    for (const r of interrupted) expect(r).toMatchObject({ status: 'failed', reason: INTERRUPTED_REASON });
    // Each contact's conversation holds step 1 once, as its send log says.
    for (const contact of labelled) {
      const view = await call<ConversationView>('GET', `/api/v3/address/conversation/${contact.id}`);
      const followups = view.messages.filter((m) => m.source === 'followup');
      const status = done.list.find((r) => r.wcId === contact.wcId)?.status;
      expect(followups.map((m) => [m.content, m.status])).toEqual([['step one', status]]);
    }
  });
});
