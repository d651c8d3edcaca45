import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { agentConversations, chatAccounts, chatMessages, chatPacing } from '../../db/schema';
import { rollUpMessage } from '../metrics/rollup';
import { backoffMs, capReason, dailyCapOf, type PacingPolicy, pacingDay, sendGapMs } from './pacing-policy';
import { NO_SEND_CHECKS, type SendChecks } from './send-check';
import type { ChatSendSource } from './send-queue';

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
export const INTERRUPTED_REASON = 'interrupted before the gateway answered; not sent again to avoid a duplicate';
/**
 * An agent reply still queued when a person took the contact over (or wrote from the phone) is not
 * sent: the pause is checked again when the reply's turn comes (issue 16).
 */
export const PAUSED_REASON = 'not sent: the agent was paused for this contact before its turn came';

export type Claim =
  /** Nothing queued for this account. */
  | { kind: 'idle' }
  /** Another sender holds the account; it will take the queued messages too. */
  | { kind: 'busy' }
  /** The next slot is too far to wait for in a worker: wake the sender then. */
  | { kind: 'later'; at: Date }
  /** Refused at the daily cap: the message failed with the reason; take the next one. */
  | { kind: 'refused'; messageId: number }
  /** Claimed: send `message` from `wcId` at `at`. */
  | { kind: 'send'; message: MessageRow; wcId: string; at: Date };

interface Locked {
  pacing: PacingRow;
  account: { wcId: string; firstLoginAt: Date | null };
}

/**
 * Locks the account's pacing row (made on first use) for this transaction, after a share lock on
 * the account itself; null when the account is gone (removed meanwhile: its messages went with it).
 */
async function lockPacing(tx: Executor, accountId: number, now: Date): Promise<Locked | null> {
  const [account] = await tx
    .select({ wcId: chatAccounts.wcId, firstLoginAt: chatAccounts.firstLoginAt })
    .from(chatAccounts)
    .where(eq(chatAccounts.id, accountId))
    .for('share');
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

/**
 * Claims the account's next message, or says why not. Replies go first, the agent's and those
 * written by hand in the conversation view (a person is waiting for them), then everything else
 * in the order it was queued.
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
    if (claimed) {
      const claimedAt = pacing.lastSentAt?.getTime() ?? 0;
      if (now.getTime() - claimedAt < STALE_CLAIM_MS) return { kind: 'busy' };
      await tx
        .update(chatMessages)
        .set({ status: 'failed', reason: INTERRUPTED_REASON })
        .where(and(outOfAccount(accountId), eq(chatMessages.status, 'sending')));
    }
    await tx
      .update(chatMessages)
      .set({ status: 'failed', reason: PAUSED_REASON })
      .where(
        and(
          outOfAccount(accountId),
          eq(chatMessages.status, 'queued'),
          eq(chatMessages.source, 'agent'),
          sql`exists (select 1 from ${agentConversations} c where c.contact_id = ${chatMessages.contactId} and c.paused_until > now())`,
        ),
      );
    const [message] = await tx
      .select()
      .from(chatMessages)
      .where(and(outOfAccount(accountId), eq(chatMessages.status, 'queued')))
      .orderBy(desc(sql`${chatMessages.source} in ('agent', 'person')`), asc(chatMessages.id))
      .limit(1);
    if (!message) return { kind: 'idle' };
    const check = checks[message.source as ChatSendSource];
    const unwanted = check ? await check(tx, message, now) : null;
    if (unwanted) {
      await tx
        .update(chatMessages)
        .set({ status: 'failed', reason: unwanted.slice(0, 500) })
        .where(eq(chatMessages.id, message.id));
      await save({});
      return { kind: 'refused', messageId: message.id };
    }
    if (pacing.sentToday >= dailyCapOf(policy, account.firstLoginAt, now)) {
      await tx
        .update(chatMessages)
        .set({ status: 'failed', reason: capReason(policy, account.firstLoginAt, now) })
        .where(eq(chatMessages.id, message.id));
      await save({});
      return { kind: 'refused', messageId: message.id };
    }
    const length = message.type === 'text' ? message.content.length : 0;
    const earliest = Math.max(
      now.getTime(),
      (pacing.lastSentAt?.getTime() ?? 0) + sendGapMs(policy, length, random()),
      pacing.backoffUntil?.getTime() ?? 0,
    );
    const at = new Date(earliest);
    if (earliest - now.getTime() > MAX_HOLD_MS) {
      await save({});
      return { kind: 'later', at };
    }
    await tx.update(chatMessages).set({ status: 'sending' }).where(eq(chatMessages.id, message.id));
    // The claim's time stands in the last-send column until the send ends (see STALE_CLAIM_MS).
    await save({ lastSentAt: at });
    return { kind: 'send', message, wcId: account.wcId, at };
  });
}

export type SendOutcome =
  | { kind: 'sent'; msgId: string }
  /** The gateway's rate limit: the message goes back to the queue and the account backs off. */
  | { kind: 'tooFrequent'; reason: string }
  | { kind: 'failed'; reason: string }
  /** The account is offline: this message and every other queued one fail with the reason. */
  | { kind: 'offline'; reason: string };

/** Writes a send's outcome onto its message and the account's pacing row. */
export async function recordOutcome(
  db: Db,
  policy: PacingPolicy,
  accountId: number,
  messageId: number,
  outcome: SendOutcome,
  now: Date = new Date(),
): Promise<{ backoffUntil: Date | null }> {
  return db.transaction(async (tx) => {
    const locked = await lockPacing(tx, accountId, now);
    if (!locked) return { backoffUntil: null };
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
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'sending')));
    switch (outcome.kind) {
      case 'sent': {
        const [sent] = await tx
          .update(chatMessages)
          .set({ status: 'sent', gatewayMsgId: outcome.msgId, sentAt: now, reason: null })
          .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'sending')))
          .returning();
        // Only the call that moved it to sent counts it, so a send recorded twice counts once.
        if (sent) await rollUpMessage(tx, { ...sent, direction: 'out', at: now });
        // A send that went through ends the run of refusals; the next refusal starts from the base.
        await setPacing({ sentToday: pacing.sentToday + 1, backoffLevel: 0 });
        return { backoffUntil: null };
      }
      case 'tooFrequent': {
        const level = pacing.backoffLevel + 1;
        const backoffUntil = new Date(now.getTime() + backoffMs(policy, level));
        await setMessage({ status: 'queued', reason: outcome.reason });
        await setPacing({
          refusedToday: pacing.refusedToday + 1,
          lastRefusedAt: now,
          backoffLevel: level,
          backoffUntil,
        });
        return { backoffUntil };
      }
      case 'failed':
        await setMessage({ status: 'failed', reason: outcome.reason });
        await setPacing({});
        return { backoffUntil: null };
      case 'offline':
        await setMessage({ status: 'failed', reason: outcome.reason });
        await tx
          .update(chatMessages)
          .set({ status: 'failed', reason: outcome.reason })
          .where(and(outOfAccount(accountId), eq(chatMessages.status, 'queued')));
        await setPacing({});
        return { backoffUntil: null };
    }
  });
}

/** Gives a claim back unsent (the console is closing): the message is queued again. */
export async function releaseClaim(db: Db, messageId: number): Promise<void> {
  await db
    .update(chatMessages)
    .set({ status: 'queued' })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'sending')));
}
