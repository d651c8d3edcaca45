import type { Contact } from '@agent-console/contracts';
import { initAddressList, simAccount, waitUntil } from '@agent-console/server/test/fixtures/chat';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { createTestApp, type TestApp, type TestGateway } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatPacing } from '../../../db/schema';
import { INTERRUPTED_REASON } from './pacing-governor';
import { DEFAULT_PACING, pacingDay } from './pacing-policy';
import { insertQueuedMessages } from './send-queue';
import { startSendWorker, sweepSenders } from './send-worker';

/**
 * A message queued just before the process was killed: its job is gone (or held by the dead
 * process until it expires). The minute sweep leaves recent messages to their jobs; the sweep a
 * starting worker runs wakes their sender at once, and the message goes out, once.
 */
let t: TestApp & { gateway: TestGateway };
beforeAll(async () => {
  t = (await createTestApp({ jobs: true, gateway: { simulator: { contactCount: 3 } } })) as typeof t;
});
afterAll(() => t.close());

describe('the senders woken when the worker starts', () => {
  /** A simulated account with its address list, and a way to queue its messages without a job. */
  async function accountWithContact() {
    const admin = await t.loginAdmin();
    const f = fixtures(t, () => admin);
    const account = await simAccount(t, { customerId: await f.customer() });
    await initAddressList(f, account.id);
    const [contact] = (
      await f.ok<{ list: Contact[] }>('POST', '/api/v3/address/list/page', { accountId: account.id, pageSize: 10 })
    ).list;
    if (!contact || !t.boss) throw new Error('no contact or no job queue');
    // Queued without a job, as when the process died between the commit and the job.
    const queue = async (content: string) => {
      const [id] = await insertQueuedMessages(t.database.db, [
        {
          customerId: account.customerId,
          accountId: account.id,
          contactId: contact.id,
          peerWcId: contact.wcId,
          source: 'person',
          message: { type: 'text', content },
        },
      ]);
      return id ?? 0;
    };
    return { account, boss: t.boss, queue };
  }
  const messageRow = async (id: number) =>
    (await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];

  it('include a message queued a moment ago whose job was lost', async () => {
    const { account, boss, queue } = await accountWithContact();
    const id = await queue('queued before the crash');
    const deps = { db: t.database.db, boss };
    expect(await sweepSenders(deps)).toBe(0);
    expect(await sweepSenders(deps, { recentToo: true })).toBe(1);
    const sent = await waitUntil(
      () =>
        t.database.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.id, id ?? 0)),
      ([row]) => row?.status === 'sent',
      60_000,
      'the message to go out',
    );
    expect(sent).toHaveLength(1);
    expect(await t.gateway.sim.sent(account.wcId)).toHaveLength(1);
  });

  it('on a database with one owner, fail a send a killed process had claimed, and the queue behind it goes on at once', async () => {
    const { account, boss, queue } = await accountWithContact();
    const claimed = await queue('being sent when the process was killed');
    const behind = await queue('queued behind it');
    // The dead process's claim, a moment old: on a shared database it would stand for 5 minutes.
    const now = new Date();
    await t.database.db.update(chatMessages).set({ status: 'sending' }).where(eq(chatMessages.id, claimed));
    await t.database.db
      .insert(chatPacing)
      .values({ accountId: account.id, day: pacingDay(now), lastSentAt: now })
      .onConflictDoUpdate({ target: chatPacing.accountId, set: { lastSentAt: now } });
    const senders = await startSendWorker({
      db: t.database.db,
      boss,
      policy: { ...DEFAULT_PACING, minGapMs: 0, jitterMs: 0, perCharMs: 0, maxTypingMs: 0 },
      gateway: () => t.gateway.adapter,
      fileUrl: () => {
        throw new Error('no files in this test');
      },
      soleOwner: true,
    });
    try {
      expect(await messageRow(claimed)).toMatchObject({ status: 'failed', reason: INTERRUPTED_REASON });
      await waitUntil(
        () => messageRow(behind),
        (row) => row?.status === 'sent',
        60_000,
        'the next message to go out',
      );
      const texts = (await t.gateway.sim.sent(account.wcId)).map((m) => m.content);
      expect(texts).toEqual(['queued behind it']);
    } finally {
      await senders.stop();
    }
  });
});
