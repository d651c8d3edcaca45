import { createTestApp } from '@agent-console/server/test/test-app';
import { openTestDatabase, type TestDatabase } from '@agent-console/server/test/test-database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The simulator keeps its state in the database: a console restarted on the same database (a new
 * app, a new port, a new adapter that remembers nothing) finds its accounts online, their address
 * lists, what they sent, and a QR login still waiting on the phone.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase(inject('databaseTemplate'));
});
afterAll(() => database.dispose());

describe('simulator across a restart', () => {
  it('keeps accounts, contacts, messages, pending logins and page addresses', async () => {
    const options = { gateway: { simulator: { contactCount: 25, initMs: 0, minGapMs: 0 } }, database } as const;
    const first = await createTestApp(options);
    const gw1 = first.gateway.adapter;
    const qr = await gw1.requestQr(8);
    const { wcId } = await first.gateway.sim.confirm(qr.sessionId);
    await gw1.startAddressInit(wcId);
    const contacts = await gw1.contacts(wcId, { offset: 0, limit: 100 });
    const to = contacts.items[0]?.wcId as string;
    const receipt = await gw1.sendText(wcId, to, 'before the restart');
    await first.gateway.sim.setSendsFail(wcId, true);
    const pending = await gw1.requestQr(8);
    const customerPage = new URL(await first.gateway.sim.customerPageUrl(wcId)).pathname;
    await first.close();

    const second = await createTestApp(options);
    try {
      const gw2 = second.gateway.adapter;
      expect(second.gateway.baseUrl).not.toBe(first.gateway.baseUrl);
      expect(await gw2.status(wcId)).toEqual({ online: true });
      expect(await gw2.addressInitProgress(wcId)).toEqual({ status: 'completed', processed: 25, total: 25 });
      expect(await gw2.contacts(wcId, { offset: 0, limit: 100 })).toEqual({
        total: 25,
        // Same people; only the address the avatars are served from moved with the console.
        items: contacts.items.map((c) => ({
          ...c,
          avatar: c.avatar?.replace(first.gateway.baseUrl, second.gateway.baseUrl),
        })),
      });
      expect(await second.gateway.sim.sent(wcId)).toEqual([
        expect.objectContaining({ msgId: receipt.msgId, to, content: 'before the restart' }),
      ]);
      expect((await second.gateway.sim.account(wcId))?.sendsFail).toBe(true);
      expect(await gw2.pollLogin(pending.sessionId)).toEqual({ state: 'waiting' });
      const again = await second.gateway.sim.confirm(pending.sessionId);
      expect(again.wcId).not.toBe(wcId);
      const page = await fetch(`${new URL(second.gateway.baseUrl).origin}${customerPage}`);
      expect(page.status).toBe(200);
    } finally {
      await second.close();
    }
    // Closing the first console once took 70 s late in full PostgreSQL runs: a connection of its
    // simulator's client, still answering when the close began, was kept until its keep-alive
    // time ran out. A closing server now ends connections once idle (http/close-connections.ts).
  });
});
