import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@agent-console/contracts';
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { loginFailures } from '../../../db/schema';

/**
 * Wrong passwords are counted per pair of username and source (the client IP), so a lock only
 * ever holds back the source that failed: no anonymous party can keep the owner of a name out
 * by failing on purpose from elsewhere (OWASP Authentication Cheat Sheet, NIST SP 800-63B §5.2.2).
 *
 * - A pair is locked for LOGIN_LOCK_MS after LOGIN_MAX_FAILURES failures in a row (A0211); while
 *   locked no password from it is checked. A lock that has run out starts a new count; a right
 *   password from the pair clears it.
 * - Ceiling per username across all sources: once that name's pairs hold USERNAME_FAILURE_CEILING
 *   failures whose last one is less than LOGIN_LOCK_MS old (a guessing attack spread over many
 *   addresses), each pair is locked at its first failure instead of its fifth. A source that has
 *   not failed is still never refused, so the owner signing in from their own address gets in.
 *
 * Usernames are lower-cased and counted whether they exist or not, so neither the answer nor the
 * lock tells which names exist. Both sign-in and the profile password change count here.
 */
export const USERNAME_FAILURE_CEILING = 100;

export interface FailureKey {
  username: string;
  /** Client IP of the attempt (`request.ip`). */
  source: string;
}

/**
 * The source as the rate limiter sees a client: an IPv4 address (also when IPv4-mapped), or the
 * /64 network of an IPv6 address, since anyone holding one /64 holds all of its addresses.
 */
const normalise = (key: FailureKey) => ({
  username: key.username.trim().toLowerCase(),
  source: key.source ? normalizeIP(key.source) : '',
});
const lockInterval = `${Math.round(LOGIN_LOCK_MS / 1000)} seconds`;

const pairIs = (key: FailureKey) => {
  const k = normalise(key);
  return and(eq(loginFailures.username, k.username), eq(loginFailures.source, k.source));
};

export async function isLocked(db: Db, key: FailureKey, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ lockedUntil: loginFailures.lockedUntil }).from(loginFailures).where(pairIs(key));
  return !!row?.lockedUntil && row.lockedUntil > now;
}

/** Failures of a username over all its sources whose last failure lies within the lock window. */
async function recentFailuresOfUsername(db: Db, username: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${loginFailures.failures}), 0)::int` })
    .from(loginFailures)
    .where(
      and(eq(loginFailures.username, username), gt(loginFailures.updatedAt, sql`now() - ${lockInterval}::interval`)),
    );
  return Number(row?.n ?? 0);
}

/**
 * Counts one failure of the pair atomically (concurrent wrong passwords cannot slip past the
 * limit) and locks the pair once its count reaches the threshold: LOGIN_MAX_FAILURES, or 1 while
 * the username is past its ceiling.
 */
export async function recordFailure(db: Db, key: FailureKey): Promise<void> {
  const k = normalise(key);
  const threshold =
    (await recentFailuresOfUsername(db, k.username)) >= USERNAME_FAILURE_CEILING ? 1 : LOGIN_MAX_FAILURES;
  const expired = sql`${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= now()`;
  const lockFrom = sql`now() + ${lockInterval}::interval`;
  await db
    .insert(loginFailures)
    .values({
      username: k.username,
      source: k.source,
      failures: 1,
      lockedUntil: threshold <= 1 ? lockFrom : null,
      updatedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [loginFailures.username, loginFailures.source],
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        lockedUntil: sql`CASE
          WHEN ${expired} THEN ${threshold <= 1 ? lockFrom : sql`NULL`}
          WHEN ${loginFailures.failures} + 1 >= ${threshold}::int THEN ${lockFrom}
          ELSE ${loginFailures.lockedUntil} END`,
        updatedAt: sql`now()`,
      },
    });
}

export async function clearFailures(db: Db, key: FailureKey): Promise<void> {
  await db.delete(loginFailures).where(pairIs(key));
}
