import { readySimAccount } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { chatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { customerWithRecipient, saveMailSettings } from '@agent-console/server/test/fixtures/mail-recipient';
import { signal } from '@agent-console/server/test/fixtures/signal';
import { startSmtpPeer } from '@agent-console/server/test/fixtures/smtp-peer';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { aiRoleConfigs, chatMessages } from './db/schema';

/**
 * Issue 31, "work that outlives a closing server": a console closed in the middle of a burst of
 * incoming messages (callbacks being stored, agent replies queued, answered and sent, roll-ups
 * written, quota alerts mailed, an operation-log row due) leaves no statement for after its database has closed. Every piece of
 * background work the app started is waited for, or stopped, by its close; the database reports
 * anything sent to it after close() began (Database.lateStatements).
 */
describe('closing during a burst of incoming messages', () => {
  it('sends nothing to the database after it closed', async () => {
    const { t, f } = await chatTestApp({ contactCount: 8 });
    let closed = false;
    try {
      const customerId = await f.customer();
      const { account, friends } = await readySimAccount(t, f, customerId);
      const app = await insertApp(t, { customerId });
      await f.ok('POST', '/api/v3/account/setApp', { accountId: account.id, appId: app.id });
      await insertQa(t, { customerId, question: 'What are your opening hours?', answer: 'Nine to six.' });
      await t.database.db.insert(aiRoleConfigs).values({ appId: app.id, customerId, autoAcceptFriend: true });
      // The first answer uses the whole quota: its 80 % and 100 % alerts go out in the background.
      await f.ok('POST', '/api/v3/dashboard/setQuota', { customerId, quota: 1 });
      const sim = t.gateway.sim;
      const burst = friends.flatMap((friend, i) => [
        sim.customerWrites(account.wcId, friend.wcId, 'What are your opening hours?').catch(() => undefined),
        sim.customerWrites(account.wcId, friend.wcId, `Can you deliver parcel ${i} to Mars?`).catch(() => undefined),
      ]);
      sim.friendRequest(account.wcId, { nickname: 'Late friend' }).catch(() => undefined);
      // Close once the burst is under way: the first messages stored, the rest still arriving.
      await waitUntil(
        () =>
          t.database.db
            .select({ id: chatMessages.id })
            .from(chatMessages)
            .where(eq(chatMessages.accountId, account.id)),
        (rows) => rows.length >= 1,
      );
      // A write answered just before the close: its operation-log row is written after the answer.
      await f.ok('POST', '/api/v3/address/setRelationship', { ids: [friends[0]?.id], relationship: 'colleague' });
      closed = true;
      await t.close();
      await Promise.all(burst);
      // Anything still running would send its next statement within a few event-loop turns.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(t.database.lateStatements).toEqual([]);
      // The report itself works: a statement now is one.
      await t.database.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .catch(() => undefined);
      expect(t.database.lateStatements).toEqual([expect.stringContaining('select')]);
    } finally {
      if (!closed) await t.close();
    }
  }, 480_000);

  it('waits for an alert mail still being sent before it closes', async () => {
    const { t, f } = await chatTestApp({ contactCount: 2 });
    const [held, release] = signal();
    const peer = await startSmtpPeer({
      holdReplies: held,
    });
    let closing: Promise<void> | undefined;
    try {
      await saveMailSettings(f, peer);
      const { customerId, email } = await customerWithRecipient(t, f);
      const { account, friends } = await readySimAccount(t, f, customerId);
      const app = await insertApp(t, { customerId });
      await f.ok('POST', '/api/v3/account/setApp', { accountId: account.id, appId: app.id });
      await insertQa(t, { customerId, question: 'What are your opening hours?', answer: 'Nine to six.' });
      await f.ok('POST', '/api/v3/dashboard/setQuota', { customerId, quota: 1 });
      const [friend] = friends;
      if (!friend) throw new Error('the simulator gave no friend');
      await t.gateway.sim.customerWrites(account.wcId, friend.wcId, 'What are your opening hours?');
      // The answer used the quota; its alert is with the SMTP server, which has not said OK yet.
      await peer.waitFor((mail) => mail.to.includes(email), 30_000);
      let closed = false;
      closing = t.close().then(() => {
        closed = true;
      });
      // The close does everything else and then waits: it has not ended a while later.
      const endedWhileHeld = await vi
        .waitFor(() => expect(closed).toBe(true), { timeout: 2_000, interval: 50 })
        .then(() => true)
        .catch(() => false);
      expect(endedWhileHeld).toBe(false);
      release();
      await closing;
      expect(closed).toBe(true);
      expect(t.database.lateStatements).toEqual([]);
    } finally {
      release();
      await (closing ?? t.close());
      await peer.close();
    }
  }, 480_000);
});
