import type { FollowupTrigger } from '@agent-console/contracts';
import type { StoredFollowupStep } from '../../../db/schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What the sweep decides a contact's next step from (read in one query per strategy and account). */
export interface ContactFacts {
  contactId: number;
  wcId: string;
  nickname: string;
  /** When the console first saw the contact as a friend (accepted request or initialisation). */
  friendSince: Date;
  /** The conversation's last message (either way), or null when they never wrote to each other. */
  lastMessageAt: Date | null;
  /** The highest step planned for this contact by this strategy (0: none yet). */
  lastStep: number;
  /** A step of the sequence was held back at send time: the sequence is over. */
  stopped: boolean;
  /** The last planned step's message: its status and when it went out. */
  lastStatus: string | null;
  lastSentAt: Date | null;
  /** The contact wrote, or a person wrote to the contact, after step 1 was queued. */
  repliedSinceStart: boolean;
  personSinceStart: boolean;
  /** A person has taken the conversation over for now (the agent is paused for the contact). */
  pausedNow: boolean;
}

/** The parts of a strategy the decision needs. */
export interface StrategyRule {
  triggerType: FollowupTrigger;
  triggerValue: number | null;
  steps: readonly StoredFollowupStep[];
  maxSendsPerContact: number;
}

/** The step a contact is due now, and since when; null when none is. */
export interface DueStep {
  step: number;
  dueSince: Date;
}

/**
 * The next step of one contact's sequence, if it is due at `now` (WAVE2 §15.8):
 * - step 1 when the trigger holds: quiet for N hours since the conversation's last message, N days
 *   a friend, or the label (the query keeps only contacts carrying it);
 * - step k+1 once step k went out and its wait (`delayHours`) has passed;
 * - never more steps than the strategy has or than its cap per contact;
 * - nothing after the contact replied or a person wrote to them since step 1, after a step was
 *   held back, while step k is still on its way or failed, or while a person has taken over.
 */
export function nextStep(rule: StrategyRule, facts: ContactFacts, now: Date): DueStep | null {
  const limit = Math.min(rule.steps.length, rule.maxSendsPerContact);
  if (facts.stopped || facts.pausedNow || facts.lastStep >= limit) return null;
  if (facts.lastStep === 0) {
    const dueSince = triggerTime(rule, facts, now);
    return dueSince && dueSince <= now ? { step: 1, dueSince } : null;
  }
  if (facts.repliedSinceStart || facts.personSinceStart) return null;
  if (facts.lastStatus !== 'sent' || !facts.lastSentAt) return null;
  const wait = rule.steps[facts.lastStep]?.delayHours ?? 0;
  const dueSince = new Date(facts.lastSentAt.getTime() + wait * HOUR);
  return dueSince <= now ? { step: facts.lastStep + 1, dueSince } : null;
}

function triggerTime(rule: StrategyRule, facts: ContactFacts, now: Date): Date | null {
  switch (rule.triggerType) {
    case 'noReply':
      // Someone who never exchanged a message has not gone quiet: there is nothing to follow up.
      return facts.lastMessageAt ? new Date(facts.lastMessageAt.getTime() + (rule.triggerValue ?? 0) * HOUR) : null;
    case 'afterFriend':
      return new Date(facts.friendSince.getTime() + (rule.triggerValue ?? 0) * DAY);
    case 'hasLabel':
      return now;
  }
}
