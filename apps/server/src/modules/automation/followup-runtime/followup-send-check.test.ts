import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertChatAccount, insertContacts } from '@agent-console/server/test/fixtures/chat';
import {
  insertRobot,
  insertStrategy,
  textSteps,
  zoneAtNoon,
} from '@agent-console/server/test/fixtures/followup-runtime';
import { storeIncomingMessage } from '@agent-console/server/test/internals';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatContacts, chatMessages, customers, followupSends, followupStrategies } from '../../../db/schema';
import { claimNext } from '../../messaging/outbox/pacing-governor';
import { DEFAULT_PACING } from '../../messaging/outbox/pacing-policy';
import { followupSendCheck } from './followup-send-check';
import { nextStep } from './next-step';
import { sweepRobot } from './sweep';

/**
 * What happens between a sweep and the send: a follow-up waiting in the account's queue is held
 * back when its turn comes if the contact replied, a person took over, the contact became a
 * colleague, or its strategy was disabled since — and its sequence ends. And the step rules
 * themselves, on their own.
 */
const { t, f } = useAdminApp();
const HOUR = 3_600_000;
const CHECKS = { followup: followupSendCheck };

describe('a queued follow-up when its turn comes', () => {
  it('is held back after a reply, a colleague marking or a disabled strategy, and sent otherwise', async () => {
    const customerId = await f.customer();
    await t.database.db
      .update(customers)
      .set({ timeZone: zoneAtNoon(new Date()) })
      .where(eq(customers.id, customerId));
    const account = await insertChatAccount(t, { customerId, loginStatus: 'online' });
    const vip = await insertContacts(t, account, 3, { labels: ['vip'] });
    const plain = await insertContacts(t, account, 2);
    const contacts = [...vip, ...plain];
    const [replier, mate, fine] = vip;
    if (!replier || !mate || !fine) throw new Error('contacts missing');
    let n = 0;
    const writes = (wcId: string, at: Date) =>
      storeIncomingMessage(t.database.db, account, {
        kind: 'message',
        msgId: `in-${n++}`,
        wcId: account.wcId,
        fromWcId: wcId,
        type: 'text',
        content: `hello ${n}`,
        at,
      });
    for (const c of contacts) await writes(c.wcId, new Date(Date.now() - 3 * HOUR));
    // The VIPs get the first strategy; the two others the second one.
    const strategy = await insertStrategy(t, {
      customerId,
      audienceLabels: ['vip'],
      steps: textSteps(['come back'], 1),
    });
    const otherStrategy = await insertStrategy(t, { customerId, steps: textSteps(['see you'], 1) });
    const robot = await insertRobot(t, { customerId, accountId: account.id }, [strategy.id, otherStrategy.id]);
    // No job queue here: the sweep writes the queued messages and nothing sends them.
    expect((await sweepRobot({ db: t.database.db }, robot.id, new Date())).queued).toBe(5);

    await writes(replier.wcId, new Date());
    await t.database.db.update(chatContacts).set({ relationship: 'colleague' }).where(eq(chatContacts.id, mate.id));
    await t.database.db
      .update(followupStrategies)
      .set({ enabled: false })
      .where(eq(followupStrategies.id, otherStrategy.id));

    const outcomes: Record<string, string> = {};
    for (let i = 0; i < 8; i++) {
      const claim = await claimNext(t.database.db, DEFAULT_PACING, account.id, new Date(), () => 0, CHECKS);
      if (claim.kind === 'idle') break;
      if (claim.kind === 'send') {
        outcomes[claim.message.peerWcId] = 'sent';
        await t.database.db.update(chatMessages).set({ status: 'sent' }).where(eq(chatMessages.id, claim.message.id));
      }
    }
    const sends = await t.database.db.select().from(followupSends).where(eq(followupSends.robotId, robot.id));
    const of = (contactId: number) => sends.find((s) => s.contactId === contactId);
    expect(of(replier.id)).toMatchObject({ status: 'skipped', reason: 'replied' });
    expect(of(mate.id)).toMatchObject({ status: 'skipped', reason: 'notDefault' });
    // The two whose step came from the strategy disabled since.
    const viaOther = sends.filter((s) => s.strategyId === otherStrategy.id);
    expect(viaOther.map((s) => s.contactId).sort()).toEqual(plain.map((c) => c.id).sort());
    expect(viaOther.every((s) => s.status === 'skipped' && s.reason === 'strategyDisabled')).toBe(true);
    expect(sends.filter((s) => s.status === 'planned').map((s) => s.contactId)).toEqual([fine.id]);
    for (const s of sends.filter((x) => x.status === 'skipped')) {
      const [message] = await t.database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, s.messageId ?? 0));
      expect(message?.status).toBe('failed');
      expect(message?.reason).toMatch(/^Follow-up not sent: /);
    }
    expect(Object.keys(outcomes)).toEqual([fine.wcId]);
  });
});

describe('the next step of a contact', () => {
  const base = {
    contactId: 1,
    wcId: 'w',
    nickname: 'n',
    friendSince: new Date('2030-01-01T00:00:00Z'),
    lastMessageAt: new Date('2030-01-10T00:00:00Z'),
    lastStep: 0,
    stopped: false,
    lastStatus: null,
    lastSentAt: null,
    repliedSinceStart: false,
    personSinceStart: false,
    pausedNow: false,
  };
  const rule = {
    triggerType: 'noReply' as const,
    triggerValue: 5,
    steps: textSteps(['a', 'b', 'c'], 2),
    maxSendsPerContact: 10,
  };
  const at = (iso: string) => new Date(iso);

  it('starts when the trigger holds, and goes on after each wait', () => {
    expect(nextStep(rule, base, at('2030-01-10T04:59:00Z'))).toBeNull();
    expect(nextStep(rule, base, at('2030-01-10T05:00:00Z'))).toEqual({ step: 1, dueSince: at('2030-01-10T05:00:00Z') });
    const after1 = { ...base, lastStep: 1, lastStatus: 'sent', lastSentAt: at('2030-01-10T06:00:00Z') };
    expect(nextStep(rule, after1, at('2030-01-10T07:59:00Z'))).toBeNull();
    expect(nextStep(rule, after1, at('2030-01-10T08:00:00Z'))?.step).toBe(2);
    const friends = { ...rule, triggerType: 'afterFriend' as const, triggerValue: 3 };
    expect(nextStep(friends, base, at('2030-01-04T00:00:00Z'))?.step).toBe(1);
    expect(nextStep(friends, base, at('2030-01-03T23:00:00Z'))).toBeNull();
  });

  it('stops at the cap per contact, after a reply or a person, a failed or held step, and waits while paused or in flight', () => {
    const after1 = { ...base, lastStep: 1, lastStatus: 'sent', lastSentAt: at('2030-01-10T06:00:00Z') };
    const later = at('2030-01-11T00:00:00Z');
    expect(nextStep({ ...rule, maxSendsPerContact: 1 }, after1, later)).toBeNull();
    expect(nextStep(rule, { ...after1, repliedSinceStart: true }, later)).toBeNull();
    expect(nextStep(rule, { ...after1, personSinceStart: true }, later)).toBeNull();
    expect(nextStep(rule, { ...after1, lastStatus: 'failed' }, later)).toBeNull();
    expect(nextStep(rule, { ...after1, lastStatus: 'queued' }, later)).toBeNull();
    expect(nextStep(rule, { ...after1, stopped: true }, later)).toBeNull();
    expect(nextStep(rule, { ...base, pausedNow: true }, later)).toBeNull();
    expect(nextStep(rule, { ...base, lastMessageAt: null }, later)).toBeNull();
    expect(nextStep(rule, { ...after1, lastStep: 3 }, later)).toBeNull();
  });
});
