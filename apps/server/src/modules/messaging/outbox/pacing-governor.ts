import { SEND_REASON_PREFIXES } from '@agent-console/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { chatMessages, chatPacing } from '../../../db/schema';
import { contactPausedAt } from '../../agent/conversation/hand-over.repo';
import { type SendingAccount, shareLockSendingAccount } from '../account/account.repo';
import { rollUpSent } from '../rollup/rollup';
import { backoffMs, capReason, dailyCapOf, type PacingPolicy, pacingDay, sendGapMs } from './pacing-policy';
import { CAMPAIGN_SOURCES, campaignLimitOf, isCampaign } from './send-budget';
import { NO_SEND_CHECKS, type SendChecks } from './send-check';
import type { ChatSendSource } from './send-queue';
import { clearRiskPause, type FlaggedConversation, flagUndelivered, unbill } from './undelivered-flag';

type MessageRow = typeof chatMessages.$inferSelect;
type PacingRow = typeof chatPacing.$inferSelect;

/**
 * The pacing governor (issue 15): decides, per account, which message goes next and when. Its
 * state is the account's `chat_pacing` row, locked (SELECT … FOR UPDATE) for every decision, so
 * several console instances pace one account together. The row lock is held only while deciding,
 * never across a gateway call; what keeps one account to one send at a time is the claim: the
 * message being sent is marked `sending`, and no other is claimed while one is.
 */

/** The longest a sender keeps its worker waiting for a slot; a later slot becomes a delayed job. */
export const MAX_HOLD_MS = 15_000;
/**
 * A claim older than this belongs to a sender that died (its process was killed mid-send): the
 * message is failed rather than sent again, because the gateway may have delivered it.
 */
export const STALE_CLAIM_MS = 5 * 60_000;
export const INTERRUPTED_REASON = `${SEND_REASON_PREFIXES.interrupted}; not sent again to avoid a duplicate`;
/**
 * An agent reply still queued when a person took the contact over (or wrote from the phone) is not
 * sent: the pause is checked again when the reply's turn comes (issue 16).
 */
export const PAUSED_REASON = `${SEND_REASON_PREFIXES.paused} for this contact before its turn came`;
/** Why a follow-up or batch message still waits (it is queued, not failed: the reason goes when it is sent). */
export const RESERVE_REASON = `${SEND_REASON_PREFIXES.heldForReplies}'s sends are kept for replies (the customer's reply reserve); it goes on a day with sends to spare`;

export type Claim =
  /** Nothing queued for this account. */
  | { kind: 'idle' }
  /** Another sender holds the account; it will take the queued messages too. */
  | { kind: 'busy' }
  /**
   * The next slot is too far to wait for in a worker: wake the sender then. `flagged`: replies
   * held back by a back-off flagged their conversations.
   */
  | { kind: 'later'; at: Date; flagged: FlaggedConversation[] }
  /**
   * Only follow-ups and batch messages are queued and the account's sends today reached the reply
   * reserve: they wait (the minute sweep wakes the sender; a new day or a reply moves them on).
   */
  | { kind: 'held' }
  /** Refused (daily cap, unwanted): the message failed with the reason; take the next one. */
  | { kind: 'refused'; messageId: number | null; flagged: FlaggedConversation[] }
  /** Claimed: send `message` from `wcId` at `at` (`flagged`: an interrupted send found on the way). */
  | { kind: 'send'; message: MessageRow; wcId: string; at: Date; flagged: FlaggedConversation[] };

interface Locked {
  pacing: PacingRow;
  account: SendingAccount;
}

/**
 * Locks the account's pacing row (made on first use) for this transaction, after a share lock on
 * the account itself; null when the account is gone (removed meanwhile: its messages went with it).
 */
async function lockPacing(tx: Executor, accountId: number, now: Date): Promise<Locked | null> {
  const account = await shareLockSendingAccount(tx, accountId);
  if (!account) return null;
  await tx
    .insert(chatPacing)
    .values({ accountId, day: pacingDay(now) })
    .onConflictDoNothing();
  const [row] = await tx.select().from(chatPacing).where(eq(chatPacing.accountId, accountId)).for('update');
  if (!row) throw new Error(`pacing row of account ${accountId} missing`);
  if (row.day === pacingDay(now)) return { pacing: row, account };
  // A new day: the counts start again (the back-off does not: it is about the gateway, not the day).
  return { pacing: { ...row, day: pacingDay(now), sentToday: 0, refusedToday: 0 }, account };
}

const outOfAccount = (accountId: number) =>
  and(eq(chatMessages.accountId, accountId), eq(chatMessages.direction, 'out'));

/** What goes first: replies (the agent's, and by hand) and welcome messages — somebody waits for them. */
const FIRST_SOURCES = sql`${chatMessages.source} in ('agent', 'person', 'welcome')`;

/** The failed messages as the needs-a-person flag takes them. */
const failedColumns = {
  id: chatMessages.id,
  source: chatMessages.source,
  customerId: chatMessages.customerId,
  accountId: chatMessages.accountId,
  contactId: chatMessages.contactId,
};

/**
 * Claims the account's next message, or says why not. Replies and welcome messages go first (a
 * person is waiting for them), then follow-ups and batch messages in the order they were queued,
 * while the account's sends today stay below the customer's reply reserve. Every reply or welcome
 * message that fails here flags its conversation "needs a person" with the reason.
 */
export async function claimNext(
  db: Db,
  policy: PacingPolicy,
  accountId: number,
  now: Date = new Date(),
  random: () => number = Math.random,
  checks: SendChecks = NO_SEND_CHECKS,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const locked = await lockPacing(tx, accountId, now);
    if (!locked) return { kind: 'idle' };
    const { pacing, account } = locked;
    const save = (values: Partial<PacingRow>) =>
      tx
        .update(chatPacing)
        .set({ day: pacing.day, sentToday: pacing.sentToday, refusedToday: pacing.refusedToday, ...values })
        .where(eq(chatPacing.accountId, accountId));
    const [claimed] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(outOfAccount(accountId), eq(chatMessages.status, 'sending')))
      .limit(1);
    const flagged: FlaggedConversation[] = [];
    if (claimed) {
      const claimedAt = pacing.lastSentAt?.getTime() ?? 0;
      if (now.getTime() - claimedAt < STALE_CLAIM_MS) return { kind: 'busy' };
      const interrupted = await tx
        .update(chatMessages)
        .set({ status: 'failed', reason: INTERRUPTED_REASON })
        .where(and(outOfAccount(accountId), eq(chatMessages.status, 'sending')))
        .returning(failedColumns);
      flagged.push(...(await flagUndelivered(tx, interrupted, 'interrupted')));
    }
    const dropped = await tx
      .update(chatMessages)
      .set({ status: 'failed', reason: PAUSED_REASON })
      .where(
        and(
          outOfAccount(accountId),
          eq(chatMessages.status, 'queued'),
          eq(chatMessages.source, 'agent'),
          contactPausedAt(chatMessages.contactId),
        ),
      )
      .returning(failedColumns);
    // A person has the contact now: nobody is flagged, and the dropped replies are not billed.
    await unbill(tx, dropped);
    const [message] = await tx
      .select()
      .from(chatMessages)
      .where(and(outOfAccount(accountId), eq(chatMessages.status, 'queued')))
      .orderBy(desc(FIRST_SOURCES), asc(chatMessages.id))
      .limit(1);
    if (!message) {
      // An interrupted send found with nothing queued behind it still has its flag to tell.
      if (flagged.length) return { kind: 'refused', messageId: null, flagged };
      return { kind: 'idle' };
    }
    const check = checks[message.source as ChatSendSource];
    const unwanted = check ? await check(tx, message, now) : null;
    if (unwanted) {
      await tx
        .update(chatMessages)
        .set({ status: 'failed', reason: unwanted.slice(0, 500) })
        .where(eq(chatMessages.id, message.id));
      await save({});
      return { kind: 'refused', messageId: message.id, flagged };
    }
    const cap = dailyCapOf(policy, account.firstLoginAt, now);
    if (isCampaign(message.source) && pacing.sentToday >= campaignLimitOf(cap, account.reservePercent)) {
      // Never failed for the cap: a campaign message waits for a day with sends to spare.
      // Every campaign message waiting behind it says why (the batch's results show it).
      await tx
        .update(chatMessages)
        .set({ reason: RESERVE_REASON })
        .where(
          and(
            outOfAccount(accountId),
            eq(chatMessages.status, 'queued'),
            inArray(chatMessages.source, CAMPAIGN_SOURCES),
            sql`${chatMessages.reason} is distinct from ${RESERVE_REASON}`,
          ),
        );
      await save({});
      return flagged.length ? { kind: 'refused', messageId: null, flagged } : { kind: 'held' };
    }
    if (pacing.sentToday >= cap) {
      await tx
        .update(chatMessages)
        .set({ status: 'failed', reason: capReason(policy, account.firstLoginAt, now) })
        .where(eq(chatMessages.id, message.id));
      flagged.push(...(await flagUndelivered(tx, [message], 'dailyCap')));
      await save({});
      return { kind: 'refused', messageId: message.id, flagged };
    }
    const length = message.type === 'text' ? message.content.length : 0;
    const earliest = Math.max(
      now.getTime(),
      (pacing.lastSentAt?.getTime() ?? 0) + sendGapMs(policy, length, random()),
      pacing.backoffUntil?.getTime() ?? 0,
    );
    const at = new Date(earliest);
    if (earliest - now.getTime() > MAX_HOLD_MS) {
      // A reply that must wait out a back-off is late: a person should know (it still goes).
      const backedOff = (pacing.backoffUntil?.getTime() ?? 0) === earliest;
      if (backedOff) flagged.push(...(await flagUndelivered(tx, [message], 'riskPause')));
      await save({});
      return { kind: 'later', at, flagged };
    }
    await tx.update(chatMessages).set({ status: 'sending' }).where(eq(chatMessages.id, message.id));
    // The claim's time stands in the last-send column until the send ends (see STALE_CLAIM_MS).
    await save({ lastSentAt: at });
    return { kind: 'send', message, wcId: account.wcId, at, flagged };
  });
}

export type SendOutcome =
  | { kind: 'sent'; msgId: string }
  /** The gateway's rate limit: the message goes back to the queue and the account backs off. */
  | { kind: 'tooFrequent'; reason: string }
  | { kind: 'failed'; reason: string }
  /** The account is offline: this message and every other queued one fail with the reason. */
  | { kind: 'offline'; reason: string };

/**
 * Writes a send's outcome onto its message and the account's pacing row; a reply or welcome
 * message that failed (or waits out a back-off) flags its conversation, in the same transaction.
 */
export async function recordOutcome(
  db: Db,
  policy: PacingPolicy,
  accountId: number,
  messageId: number,
  outcome: SendOutcome,
  now: Date = new Date(),
): Promise<{ backoffUntil: Date | null; flagged: FlaggedConversation[] }> {
  return db.transaction(async (tx) => {
    const locked = await lockPacing(tx, accountId, now);
    if (!locked) return { backoffUntil: null, flagged: [] };
    const { pacing } = locked;
    const base = { day: pacing.day, sentToday: pacing.sentToday, refusedToday: pacing.refusedToday, lastSentAt: now };
    const setPacing = (values: Partial<PacingRow>) =>
      tx
        .update(chatPacing)
        .set({ ...base, ...values })
        .where(eq(chatPacing.accountId, accountId));
    const setMessage = (values: Partial<MessageRow>) =>
      tx
        .update(chatMessages)
        .set(values)
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'sending')))
        .returning(failedColumns);
    switch (outcome.kind) {
      case 'sent': {
        const [sent] = await tx
          .update(chatMessages)
          .set({ status: 'sent', gatewayMsgId: outcome.msgId, sentAt: now, reason: null })
          .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'sending')))
          .returning();
        // Only the call that moved it to sent counts it, so a send recorded twice counts once.
        if (sent) {
          await rollUpSent(tx, { ...sent, direction: 'out', at: now }, locked.account.appId);
          await clearRiskPause(tx, sent);
        }
        // A send that went through ends the run of refusals; the next refusal starts from the base.
        await setPacing({ sentToday: pacing.sentToday + 1, backoffLevel: 0 });
        return { backoffUntil: null, flagged: [] };
      }
      case 'tooFrequent': {
        const level = pacing.backoffLevel + 1;
        const backoffUntil = new Date(now.getTime() + backoffMs(policy, level));
        const requeued = await setMessage({ status: 'queued', reason: outcome.reason });
        await setPacing({
          refusedToday: pacing.refusedToday + 1,
          lastRefusedAt: now,
          backoffLevel: level,
          backoffUntil,
        });
        return { backoffUntil, flagged: await flagUndelivered(tx, requeued, 'riskPause') };
      }
      case 'failed': {
        const failed = await setMessage({ status: 'failed', reason: outcome.reason });
        await setPacing({});
        return { backoffUntil: null, flagged: await flagUndelivered(tx, failed, 'gatewayRefused') };
      }
      case 'offline': {
        const failed = await setMessage({ status: 'failed', reason: outcome.reason });
        const queued = await tx
          .update(chatMessages)
          .set({ status: 'failed', reason: outcome.reason })
          .where(and(outOfAccount(accountId), eq(chatMessages.status, 'queued')))
          .returning(failedColumns);
        await setPacing({});
        return { backoffUntil: null, flagged: await flagUndelivered(tx, [...failed, ...queued], 'accountOffline') };
      }
    }
  });
}

/** Gives a claim back unsent (the console is closing): the message is queued again. */
/**
 * Fails every message a sender had claimed and flags its conversation, as a stale claim is failed
 * (never sent again: the gateway may have delivered it). Called as the senders start on a database
 * with one owner — the embedded one, held by its data-directory lock — where every claim found then
 * belongs to a process that died mid-send, so its account's queue need not wait STALE_CLAIM_MS.
 */
export async function failOrphanedClaims(db: Db): Promise<FlaggedConversation[]> {
  return db.transaction(async (tx) => {
    const interrupted = await tx
      .update(chatMessages)
      .set({ status: 'failed', reason: INTERRUPTED_REASON })
      .where(and(eq(chatMessages.direction, 'out'), eq(chatMessages.status, 'sending')))
      .returning(failedColumns);
    return flagUndelivered(tx, interrupted, 'interrupted');
  });
}

export async function releaseClaim(db: Db, messageId: number): Promise<void> {
  await db
    .update(chatMessages)
    .set({ status: 'queued' })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'sending')));
}
