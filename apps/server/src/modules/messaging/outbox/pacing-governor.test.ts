import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatAccounts, chatMessages, chatPacing } from '../../../db/schema';
import { claimNext, INTERRUPTED_REASON, MAX_HOLD_MS, recordOutcome, STALE_CLAIM_MS } from './pacing-governor';
import { backoffMs, DEFAULT_PACING, dailyCapOf, type PacingPolicy, sendGapMs } from './pacing-policy';
import { insertQueuedMessages } from './send-queue';

/**
 * The governor's decisions on the database alone, with a fixed clock and fixed randomness: the
 * order of sends, the gap, one claim at a time, the caps, the back-off and stale claims. The
 * send path through the gateway is tested end to end in chat-message.test.ts.
 */
const { t, f } = useAdminApp();

const POLICY: PacingPolicy = {
  ...DEFAULT_PACING,
  minGapMs: 1000,
  jitterMs: 1000,
  perCharMs: 10,
  maxTypingMs: 500,
  dailyCap: 5,
  warmUp: [{ withinHours: 24, cap: 2 }],
  backoffBaseMs: 60_000,
  backoffMaxMs: 200_000,
};

async function setup(firstLoginAt?: Date | null) {
  const account = await insertChatAccount(t, {
    customerId: await f.customer(),
    ...(firstLoginAt !== undefined ? { firstLoginAt } : {}),
  });
  const contacts = await insertContacts(t, account, 3);
  const queue = (content: string, source: 'batch' | 'agent' = 'batch', contact = contacts[0]) =>
    insertQueuedMessages(t.database.db, [
      {
        customerId: account.customerId,
        accountId: account.id,
        contactId: contact?.id ?? null,
        peerWcId: contact?.wcId ?? 'x',
        source,
        message: { type: 'text', content },
      },
    ]).then((ids) => ids[0] as number);
  return { account, queue };
}

const message = async (id: number) =>
  (await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];
const pacing = async (accountId: number) =>
  (await t.database.db.select().from(chatPacing).where(eq(chatPacing.accountId, accountId)))[0];

describe('pacing policy', () => {
  it('gaps grow with the length and the jitter, back-off doubles up to its cap, caps are lower while warming up', () => {
    expect(sendGapMs(POLICY, 0, 0)).toBe(1000);
    expect(sendGapMs(POLICY, 20, 0.5)).toBe(1000 + 500 + 200);
    expect(sendGapMs(POLICY, 10_000, 0.999)).toBe(1000 + 999 + 500);
    expect([1, 2, 3, 4].map((l) => backoffMs(POLICY, l))).toEqual([60_000, 120_000, 200_000, 200_000]);
    const now = new Date('2030-01-10T12:00:00Z');
    expect(dailyCapOf(POLICY, new Date('2030-01-10T01:00:00Z'), now)).toBe(2);
    expect(dailyCapOf(POLICY, new Date('2030-01-01T00:00:00Z'), now)).toBe(5);
    expect(dailyCapOf(POLICY, null, now)).toBe(5);
  });
});

describe('pacing governor', () => {
  it('claims one message at a time, agent replies first, each after the gap from the last send', async () => {
    const { account, queue } = await setup();
    const first = await queue('first');
    const reply = await queue('a reply', 'agent');
    const now = new Date('2030-01-10T12:00:00Z');
    const claim = await claimNext(t.database.db, POLICY, account.id, now, () => 0);
    expect(claim).toMatchObject({ kind: 'send', message: { id: reply }, at: now });
    expect((await message(reply))?.status).toBe('sending');
    // While it is out, nobody else may claim for this account.
    expect(await claimNext(t.database.db, POLICY, account.id, now, () => 0)).toEqual({ kind: 'busy' });
    await recordOutcome(t.database.db, POLICY, account.id, reply, { kind: 'sent', msgId: 'm1' }, now);
    expect(await message(reply)).toMatchObject({ status: 'sent', gatewayMsgId: 'm1' });
    const next = await claimNext(t.database.db, POLICY, account.id, now, () => 0.5);
    // 1000 gap + 500 jitter + 5 characters × 10 ms of typing, counted from the end of the last send.
    expect(next).toMatchObject({ kind: 'send', message: { id: first } });
    expect(next.kind === 'send' && next.at.getTime() - now.getTime()).toBe(1550);
    await recordOutcome(t.database.db, POLICY, account.id, first, { kind: 'sent', msgId: 'm2' }, now);
    expect(await claimNext(t.database.db, POLICY, account.id, now)).toEqual({ kind: 'idle' });
    expect((await pacing(account.id))?.sentToday).toBe(2);
  });

  it('"too frequent" puts the message back and backs off, doubling; a send resets the level', async () => {
    const { account, queue } = await setup();
    const id = await queue('hello');
    let now = new Date('2030-01-10T12:00:00Z');
    const claim = await claimNext(t.database.db, POLICY, account.id, now, () => 0);
    expect(claim.kind).toBe('send');
    const tooFrequent = (at: Date) =>
      recordOutcome(t.database.db, POLICY, account.id, id, { kind: 'tooFrequent', reason: 'too frequent' }, at);
    const first = await tooFrequent(now);
    expect(first.backoffUntil?.getTime()).toBe(now.getTime() + 60_000);
    expect(await message(id)).toMatchObject({ status: 'queued', reason: 'too frequent' });
    expect(await pacing(account.id)).toMatchObject({ backoffLevel: 1, refusedToday: 1, sentToday: 0 });
    // Beyond what a worker waits for: the sender is to be woken at the end of the back-off.
    expect(await claimNext(t.database.db, POLICY, account.id, now, () => 0)).toEqual({
      kind: 'later',
      at: first.backoffUntil,
      flagged: [],
    });
    now = new Date(now.getTime() + 60_000);
    expect((await claimNext(t.database.db, POLICY, account.id, now, () => 0)).kind).toBe('send');
    const second = await tooFrequent(now);
    expect(second.backoffUntil?.getTime()).toBe(now.getTime() + 120_000);
    now = new Date(now.getTime() + 120_000);
    expect((await claimNext(t.database.db, POLICY, account.id, now, () => 0)).kind).toBe('send');
    await recordOutcome(t.database.db, POLICY, account.id, id, { kind: 'sent', msgId: 'x' }, now);
    expect(await message(id)).toMatchObject({ status: 'sent', reason: null });
    expect(await pacing(account.id)).toMatchObject({ backoffLevel: 0, refusedToday: 2, sentToday: 1 });
  });

  it('refuses sends beyond the daily cap with the reason; a new account’s cap is lower; a new day starts again', async () => {
    const now = new Date('2030-01-10T12:00:00Z');
    const young = await setup(new Date(now.getTime() - 3_600_000));
    // Replies: campaigns would stop earlier, at the reply reserve (send-budget.test.ts).
    const ids = [await young.queue('1', 'agent'), await young.queue('2', 'agent'), await young.queue('3', 'agent')];
    for (const id of ids.slice(0, 2)) {
      const claim = await claimNext(t.database.db, POLICY, young.account.id, now, () => 0);
      expect(claim).toMatchObject({ kind: 'send', message: { id } });
      await recordOutcome(t.database.db, POLICY, young.account.id, id, { kind: 'sent', msgId: `m${id}` }, now);
    }
    expect(await claimNext(t.database.db, POLICY, young.account.id, now)).toMatchObject({
      kind: 'refused',
      messageId: ids[2],
      flagged: [{ reason: 'dailyCap' }],
    });
    expect((await message(ids[2] as number))?.reason).toMatch(
      /daily cap reached: 2 messages a day while the account is new/,
    );
    // The next day the count starts again (and the account is past its first 24 hours).
    const later = await young.queue('4', 'agent');
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect(await claimNext(t.database.db, POLICY, young.account.id, tomorrow, () => 0)).toMatchObject({
      kind: 'send',
      message: { id: later },
    });
  });

  it('fails a claim whose sender died, instead of sending it twice', async () => {
    const { account, queue } = await setup();
    const lost = await queue('lost');
    const next = await queue('next');
    const now = new Date('2030-01-10T12:00:00Z');
    expect((await claimNext(t.database.db, POLICY, account.id, now, () => 0)).kind).toBe('send');
    const soon = new Date(now.getTime() + MAX_HOLD_MS);
    expect(await claimNext(t.database.db, POLICY, account.id, soon)).toEqual({ kind: 'busy' });
    const stale = new Date(now.getTime() + STALE_CLAIM_MS + 1);
    expect(await claimNext(t.database.db, POLICY, account.id, stale, () => 0)).toMatchObject({
      kind: 'send',
      message: { id: next },
    });
    expect(await message(lost)).toMatchObject({ status: 'failed', reason: INTERRUPTED_REASON });
  });

  it('an account removed while a send was out: nothing to claim, and the outcome is dropped', async () => {
    const { account, queue } = await setup();
    const id = await queue('bye');
    const now = new Date('2030-01-10T12:00:00Z');
    expect((await claimNext(t.database.db, POLICY, account.id, now, () => 0)).kind).toBe('send');
    await t.database.db.delete(chatAccounts).where(eq(chatAccounts.id, account.id));
    await expect(
      recordOutcome(t.database.db, POLICY, account.id, id, { kind: 'sent', msgId: 'x' }, now),
    ).resolves.toEqual({ backoffUntil: null, flagged: [] });
    expect(await claimNext(t.database.db, POLICY, account.id, now)).toEqual({ kind: 'idle' });
    expect(await pacing(account.id)).toBeUndefined();
  });

  it('an offline answer fails every message still queued for the account', async () => {
    const { account, queue } = await setup();
    const ids = [await queue('a'), await queue('b'), await queue('c')];
    const now = new Date('2030-01-10T12:00:00Z');
    await claimNext(t.database.db, POLICY, account.id, now, () => 0);
    await recordOutcome(
      t.database.db,
      POLICY,
      account.id,
      ids[0] as number,
      { kind: 'offline', reason: 'account is offline' },
      now,
    );
    for (const id of ids) expect(await message(id)).toMatchObject({ status: 'failed', reason: 'account is offline' });
  });
});
