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
    // Where the time goes when this runs slow in a full run (see the note at the end).
    let mark = Date.now();
    const phase = (name: string) => {
      const took = Date.now() - mark;
      if (took > 2_000) process.stderr.write(`restart.test: ${name} took ${took} ms\n`);
      mark = Date.now();
    };
    const options = { gateway: { simulator: { contactCount: 25, initMs: 0, minGapMs: 0 } }, database } as const;
    const first = await createTestApp(options);
    phase('first start');
    const gw1 = first.gateway.adapter;
    const qr = await gw1.requestQr(8);
    const { wcId } = await first.gateway.sim.confirm(qr.sessionId);
    await gw1.startAddressInit(wcId);
    const contacts = await gw1.contacts(wcId, { offset: 0, limit: 100 });
    const to = contacts.items[0]?.wcId as string;
    const receipt = await gw1.sendText(wcId, to, 'before the restart');
    phase('login, address list and a send');
    await first.gateway.sim.setSendsFail(wcId, true);
    const pending = await gw1.requestQr(8);
    const customerPage = new URL(await first.gateway.sim.customerPageUrl(wcId)).pathname;
    phase('the rest before closing');
    await first.close();
    phase('closing the first');

    const second = await createTestApp(options);
    phase('second start');
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
      phase('checks on the second');
      await second.close();
      phase('closing the second');
    }
    // In some full runs on PostgreSQL this takes past 30 s, though it takes half a second alone:
    // a signed callback of the first console's simulator seems to wait out its timeouts (up to
    // 4 × 5 s) while the first console closes. Under investigation: a slow run prints which
    // phase took the time (phase above); the time limit covers it meanwhile.
  }, 120_000);
});
