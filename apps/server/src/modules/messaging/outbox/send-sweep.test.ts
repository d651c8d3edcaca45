import type { Contact } from '@agent-console/contracts';
import { initAddressList, simAccount, waitUntil } from '@agent-console/server/test/fixtures/chat';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { createTestApp, type TestApp, type TestGateway } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../../db/schema';
import { insertQueuedMessages } from './send-queue';
import { sweepSenders } from './send-worker';

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
  it('include a message queued a moment ago whose job was lost', async () => {
    const admin = await t.loginAdmin();
    const f = fixtures(t, () => admin);
    const account = await simAccount(t, { customerId: await f.customer() });
    await initAddressList(f, account.id);
    const [contact] = (
      await f.ok<{ list: Contact[] }>('POST', '/api/v3/address/list/page', { accountId: account.id, pageSize: 10 })
    ).list;
    if (!contact || !t.boss) throw new Error('no contact or no job queue');
    // Queued without a job, as when the process died between the commit and the job.
    const [id] = await insertQueuedMessages(t.database.db, [
      {
        customerId: account.customerId,
        accountId: account.id,
        contactId: contact.id,
        peerWcId: contact.wcId,
        source: 'person',
        message: { type: 'text', content: 'queued before the crash' },
      },
    ]);
    const deps = { db: t.database.db, boss: t.boss };
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
});
