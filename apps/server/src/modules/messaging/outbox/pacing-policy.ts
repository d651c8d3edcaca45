import { type ChatRisk, SEND_REASON_PREFIXES, type SendBudget } from '@agent-console/contracts';
import type { chatPacing } from '../../../db/schema';

/**
 * How fast one account may send (issue 15 pacing governor). Users of open bots on this network
 * report bans from sending too fast (ANCHORS §C: about one a second is safe, bursts of 60 or more
 * are throttled), so the defaults stay well under that: a gap of 2–5 s with jitter, a pause that
 * grows with the length of the message (people type), a daily cap, a lower cap while an account
 * is new (the gateway's 24 h / 72 h rules), and a back-off that doubles with each "too frequent".
 */
export interface PacingPolicy {
  /** Least time between two sends of one account. */
  minGapMs: number;
  /** Up to this much is added to every gap at random, so gaps are never uniform. */
  jitterMs: number;
  /** Added per character of a text message, up to `maxTypingMs`. */
  perCharMs: number;
  maxTypingMs: number;
  /** Sends per day of an established account. */
  dailyCap: number;
  /** Lower caps while the account is young: the first applies within its hours of the first login. */
  warmUp: readonly { withinHours: number; cap: number }[];
  /** The first back-off after a "too frequent" answer; each further refusal doubles it. */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const DEFAULT_PACING: PacingPolicy = {
  minGapMs: 2000,
  jitterMs: 3000,
  perCharMs: 40,
  maxTypingMs: 8000,
  dailyCap: 300,
  warmUp: [
    { withinHours: 24, cap: 30 },
    { withinHours: 72, cap: 100 },
  ],
  backoffBaseMs: 60_000,
  backoffMaxMs: 30 * 60_000,
};

/** What the risk is read from of an account's pacing row. */
type PacingToday = Pick<typeof chatPacing.$inferSelect, 'day' | 'sentToday' | 'refusedToday' | 'backoffUntil'>;

/** The day a pacing row counts, in UTC (`YYYY-MM-DD`). */
export function pacingDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether the account is still within its warm-up hours. */
export function isWarmingUp(policy: PacingPolicy, firstLoginAt: Date | null, now: Date): boolean {
  const longest = Math.max(0, ...policy.warmUp.map((w) => w.withinHours));
  return firstLoginAt !== null && now.getTime() - firstLoginAt.getTime() < longest * 3_600_000;
}

/** Today's cap of an account: the warm-up cap that applies, else the daily cap. */
export function dailyCapOf(policy: PacingPolicy, firstLoginAt: Date | null, now: Date): number {
  if (firstLoginAt) {
    const ageHours = (now.getTime() - firstLoginAt.getTime()) / 3_600_000;
    const stage = [...policy.warmUp]
      .sort((a, b) => a.withinHours - b.withinHours)
      .find((w) => ageHours < w.withinHours);
    if (stage) return Math.min(stage.cap, policy.dailyCap);
  }
  return policy.dailyCap;
}

/**
 * What the account screen shows: sends today against the cap and recent refusals. High when the
 * account is backed off or nearly at its cap, medium from half the cap or after any refusal today.
 */
export function riskOf(
  policy: PacingPolicy,
  row: PacingToday | undefined,
  firstLoginAt: Date | null,
  now: Date,
  budget: SendBudget,
): ChatRisk {
  const today = row && row.day === pacingDay(now) ? row : undefined;
  const sentToday = today?.sentToday ?? 0;
  const refusalsRecent = today?.refusedToday ?? 0;
  const dailyCap = dailyCapOf(policy, firstLoginAt, now);
  const backoffUntil = row?.backoffUntil && row.backoffUntil > now ? row.backoffUntil : null;
  const level =
    backoffUntil || sentToday >= dailyCap * 0.9
      ? 'high'
      : sentToday >= dailyCap * 0.5 || refusalsRecent > 0
        ? 'medium'
        : 'low';
  return {
    level,
    sentToday,
    dailyCap,
    refusalsRecent,
    backoffUntil: backoffUntil ? backoffUntil.toISOString() : null,
    warmingUp: isWarmingUp(policy, firstLoginAt, now),
    budget,
  };
}

/** The policy in force: the defaults with whatever the deployment (or a test) overrides. */
export function pacingPolicyOf(overrides: Partial<PacingPolicy> | undefined): PacingPolicy {
  return { ...DEFAULT_PACING, ...overrides };
}

/** The pause a person typing `length` characters would take: grows with the length, capped. */
export function typingDelayMs(policy: PacingPolicy, length: number): number {
  return Math.min(Math.max(0, length) * policy.perCharMs, policy.maxTypingMs);
}

/**
 * The least time between the end of one send and the start of the next: the policy's gap, a random
 * part of the jitter (so that no two gaps are alike, which is what a rate detector looks for), and
 * the typing delay of the next message. `random` is in [0, 1).
 */
export function sendGapMs(policy: PacingPolicy, length: number, random: number): number {
  return policy.minGapMs + Math.floor(random * policy.jitterMs) + typingDelayMs(policy, length);
}

/** The back-off after the `level`-th "too frequent" in a row: the base, doubled each time, capped. */
export function backoffMs(policy: PacingPolicy, level: number): number {
  return Math.min(policy.backoffBaseMs * 2 ** Math.max(0, level - 1), policy.backoffMaxMs);
}

/** Why a send was refused at the cap, in English (stored as the message's reason; the console translates it). */
export function capReason(policy: PacingPolicy, firstLoginAt: Date | null, now: Date): string {
  const cap = dailyCapOf(policy, firstLoginAt, now);
  const young = cap < policy.dailyCap;
  return young
    ? `${SEND_REASON_PREFIXES.dailyCap}: ${cap} messages a day while the account is new`
    : `${SEND_REASON_PREFIXES.dailyCap}: ${cap} messages a day`;
}
