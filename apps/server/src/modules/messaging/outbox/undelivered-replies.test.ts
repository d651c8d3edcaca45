import type { NeedsPersonReason } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentAnswers, agentConversations, chatMessages } from '../../../db/schema';
import { UNTIL_RELEASED } from '../../agent/conversation/hand-over.repo';
import {
  claimNext,
  failOrphanedClaims,
  INTERRUPTED_REASON,
  PAUSED_REASON,
  recordOutcome,
  type SendOutcome,
  STALE_CLAIM_MS,
} from './pacing-governor';
import { DEFAULT_PACING, type PacingPolicy } from './pacing-policy';
import { type ChatSendSource, insertQueuedMessages } from './send-queue';

/**
 * Issue 34, "no silent failure": every way the send pipeline can leave a reply undelivered ends in
 * a conversation flagged "needs a person" with its reason, and the answer behind it is no longer
 * billed. The walk is over every outcome a send can record (typed, so a new outcome must be added
 * here) and every refusal at claim time; what a person does instead (a take-over) flags nothing.
 */
const { t, f } = useAdminApp();

const POLICY: PacingPolicy = {
  ...DEFAULT_PACING,
  minGapMs: 0,
  jitterMs: 0,
  perCharMs: 0,
  maxTypingMs: 0,
  dailyCap: 4,
  warmUp: [],
  backoffBaseMs: 60_000,
  backoffMaxMs: 60_000,
};
const NOW = new Date('2030-03-04T10:00:00Z');

async function setup() {
  const account = await insertChatAccount(t, { customerId: await f.customer() });
  const contacts = await insertContacts(t, account, 4);
  const queue = async (source: ChatSendSource, contactIndex = 0) => {
    const contact = contacts[contactIndex];
    if (!contact) throw new Error('no such contact');
    const [id] = await insertQueuedMessages(t.database.db, [
      {
        customerId: account.customerId,
        accountId: account.id,
        contactId: contact.id,
        peerWcId: contact.wcId,
        source,
        message: { type: 'text', content: `a ${source} message` },
      },
    ]);
    return id as number;
  };
  /** An agent reply with its answer row (one unit), as auto-reply writes them. */
  const reply = async (contactIndex = 0) => {
    const messageId = await queue('agent', contactIndex);
    const contact = contacts[contactIndex];
    const [conversation] = await t.database.db
      .insert(agentConversations)
      .values({
        customerId: account.customerId,
        channel: 'contact',
        accountId: account.id,
        contactId: contact?.id as number,
      })
      .onConflictDoUpdate({ target: agentConversations.contactId, set: { title: '' } })
      .returning({ id: agentConversations.id });
    const [answer] = await t.database.db
      .insert(agentAnswers)
      .values({
        customerId: account.customerId,
        conversationId: conversation?.id as number,
        channel: 'contact',
        question: 'q',
        answer: 'a',
        step: 'qa',
        latencyMs: 1,
        replyMessageId: messageId,
      })
      .returning({ id: agentAnswers.id });
    return { messageId, answerId: answer?.id as number };
  };
  const flag = async (contactIndex = 0) => {
    const [row] = await t.database.db
      .select({ at: agentConversations.needsPersonAt, reason: agentConversations.needsPersonReason })
      .from(agentConversations)
      .where(eq(agentConversations.contactId, contacts[contactIndex]?.id as number));
    return row ? { flagged: row.at !== null, reason: row.reason } : { flagged: false, reason: null };
  };
  const units = async (answerId: number) =>
    (
      await t.database.db.select({ units: agentAnswers.units }).from(agentAnswers).where(eq(agentAnswers.id, answerId))
    )[0]?.units;
  return { account, contacts, queue, reply, flag, units };
}

/** Claims the account's next message for sending (it must be the one expected). */
async function claim(accountId: number, messageId: number, now = NOW) {
  const c = await claimNext(t.database.db, POLICY, accountId, now, () => 0);
  expect(c).toMatchObject({ kind: 'send', message: { id: messageId } });
}

/** Each outcome a send records, and what it must leave: the reason, and whether the unit is billed. */
const OUTCOMES: Record<
  SendOutcome['kind'],
  { outcome: SendOutcome; reason: NeedsPersonReason | null; billed: boolean }
> = {
  sent: { outcome: { kind: 'sent', msgId: 'm1' }, reason: null, billed: true },
  failed: { outcome: { kind: 'failed', reason: 'the gateway said no' }, reason: 'gatewayRefused', billed: false },
  offline: { outcome: { kind: 'offline', reason: 'the account is offline' }, reason: 'accountOffline', billed: false },
  // Still queued: it may go after the back-off, so it stays billed, and a person is told it is late.
  tooFrequent: { outcome: { kind: 'tooFrequent', reason: 'too frequent' }, reason: 'riskPause', billed: true },
};

describe('every undelivered reply reaches a person', () => {
  for (const [kind, expected] of Object.entries(OUTCOMES)) {
    it(`a reply whose send ends "${kind}" ${expected.reason ? `flags its conversation (${expected.reason})` : 'flags nothing'}`, async () => {
      const s = await setup();
      const { messageId, answerId } = await s.reply();
      await claim(s.account.id, messageId);
      const recorded = await recordOutcome(t.database.db, POLICY, s.account.id, messageId, expected.outcome, NOW);
      expect(await s.flag()).toEqual({ flagged: expected.reason !== null, reason: expected.reason });
      expect(await s.units(answerId)).toBe(expected.billed ? 1 : 0);
      // The newly flagged conversation is handed back to be told (mail), named.
      expect(recorded.flagged).toEqual(
        expected.reason
          ? [
              expect.objectContaining({
                contactId: s.contacts[0]?.id,
                reason: expected.reason,
                customerId: s.account.customerId,
              }),
            ]
          : [],
      );
    });
  }

  it('offline fails every reply queued behind it too, each conversation flagged once', async () => {
    const s = await setup();
    const first = await s.reply(0);
    const second = await s.reply(1);
    const third = await s.reply(1);
    await claim(s.account.id, first.messageId);
    const recorded = await recordOutcome(
      t.database.db,
      POLICY,
      s.account.id,
      first.messageId,
      OUTCOMES.offline.outcome,
      NOW,
    );
    expect(recorded.flagged.map((c) => c.contactId).sort()).toEqual([s.contacts[0]?.id, s.contacts[1]?.id].sort());
    expect(await s.flag(1)).toEqual({ flagged: true, reason: 'accountOffline' });
    for (const r of [first, second, third]) expect(await s.units(r.answerId)).toBe(0);
  });

  it('a reply refused at the daily cap flags its conversation; a welcome message to a new friend opens one to flag', async () => {
    const s = await setup();
    for (let i = 0; i < POLICY.dailyCap; i++) {
      const id = await s.queue('person', 3);
      await claim(s.account.id, id);
      await recordOutcome(t.database.db, POLICY, s.account.id, id, { kind: 'sent', msgId: `cap${i}` }, NOW);
    }
    const { messageId, answerId } = await s.reply(0);
    const refused = await claimNext(t.database.db, POLICY, s.account.id, NOW, () => 0);
    expect(refused).toMatchObject({ kind: 'refused', messageId, flagged: [{ reason: 'dailyCap' }] });
    expect(await s.flag(0)).toEqual({ flagged: true, reason: 'dailyCap' });
    expect(await s.units(answerId)).toBe(0);

    const welcome = await s.queue('welcome', 2);
    expect(await claimNext(t.database.db, POLICY, s.account.id, NOW, () => 0)).toMatchObject({
      kind: 'refused',
      messageId: welcome,
      flagged: [{ reason: 'dailyCap', contactId: s.contacts[2]?.id }],
    });
    expect(await s.flag(2)).toEqual({ flagged: true, reason: 'dailyCap' });
  });

  it('a send interrupted by a crash is not repeated, and its conversation is flagged', async () => {
    const s = await setup();
    const { messageId, answerId } = await s.reply();
    await claim(s.account.id, messageId);
    const later = new Date(NOW.getTime() + STALE_CLAIM_MS + 1);
    expect(await claimNext(t.database.db, POLICY, s.account.id, later, () => 0)).toMatchObject({
      kind: 'refused',
      messageId: null,
      flagged: [{ reason: 'interrupted' }],
    });
    expect(await s.flag()).toEqual({ flagged: true, reason: 'interrupted' });
    expect(await s.units(answerId)).toBe(0);
  });

  it('on a database with one owner, a claim found as the senders start is failed at once, and the queue goes on', async () => {
    const s = await setup();
    const { messageId, answerId } = await s.reply(0);
    const next = await s.queue('person', 1);
    await claim(s.account.id, messageId);
    // A fresh claim: for a database other consoles may share, the account is busy.
    expect(await claimNext(t.database.db, POLICY, s.account.id, NOW, () => 0)).toEqual({ kind: 'busy' });
    const flagged = await failOrphanedClaims(t.database.db);
    expect(flagged).toMatchObject([{ reason: 'interrupted', contactId: s.contacts[0]?.id }]);
    const [failed] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(failed).toMatchObject({ status: 'failed', reason: INTERRUPTED_REASON });
    expect(await s.flag()).toEqual({ flagged: true, reason: 'interrupted' });
    expect(await s.units(answerId)).toBe(0);
    await claim(s.account.id, next);
  });

  it('a reply waiting out a back-off is flagged as late; once it goes, that flag goes too', async () => {
    const s = await setup();
    const { messageId } = await s.reply();
    await claim(s.account.id, messageId);
    await recordOutcome(t.database.db, POLICY, s.account.id, messageId, OUTCOMES.tooFrequent.outcome, NOW);
    const soon = new Date(NOW.getTime() + 1000);
    expect(await claimNext(t.database.db, POLICY, s.account.id, soon, () => 0)).toMatchObject({ kind: 'later' });
    expect(await s.flag()).toEqual({ flagged: true, reason: 'riskPause' });
    const after = new Date(NOW.getTime() + POLICY.backoffBaseMs + 1);
    await claim(s.account.id, messageId, after);
    await recordOutcome(t.database.db, POLICY, s.account.id, messageId, { kind: 'sent', msgId: 'late' }, after);
    expect(await s.flag()).toEqual({ flagged: false, reason: null });
  });

  it('what a person does instead flags nothing (a reply dropped for a take-over is not billed either); a batch message failing flags nothing', async () => {
    const s = await setup();
    const { messageId, answerId } = await s.reply(0);
    await t.database.db
      .update(agentConversations)
      .set({ pausedUntil: UNTIL_RELEASED, pauseReason: 'takeover' })
      .where(eq(agentConversations.contactId, s.contacts[0]?.id as number));
    expect(await claimNext(t.database.db, POLICY, s.account.id, NOW, () => 0)).toEqual({ kind: 'idle' });
    const [dropped] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(dropped).toMatchObject({ status: 'failed', reason: PAUSED_REASON });
    expect(await s.flag(0)).toEqual({ flagged: false, reason: null });
    expect(await s.units(answerId)).toBe(0);

    const batch = await s.queue('batch', 1);
    await claim(s.account.id, batch);
    const recorded = await recordOutcome(t.database.db, POLICY, s.account.id, batch, OUTCOMES.failed.outcome, NOW);
    expect(recorded.flagged).toEqual([]);
    expect(await s.flag(1)).toEqual({ flagged: false, reason: null });
  });
});
