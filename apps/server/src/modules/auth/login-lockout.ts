import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@agent-console/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** Keyed by lower-cased username, known or not, so the lock-out reveals nothing. */
const key = (username: string) => username.trim().toLowerCase();

export async function isLocked(db: Db, username: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.username, key(username)));
  return !!row?.lockedUntil && row.lockedUntil > now;
}

/**
 * Counts one failure atomically (concurrent wrong passwords cannot slip past the limit) and
 * locks the name once the count reaches the maximum. A lock that has run out starts a new count.
 */
export async function recordFailure(db: Db, username: string): Promise<void> {
  const lockInterval = `${Math.round(LOGIN_LOCK_MS / 1000)} seconds`;
  await db
    .insert(loginFailures)
    .values({ username: key(username), failures: 1, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        failures: sql`CASE WHEN ${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= now() THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        lockedUntil: sql`CASE
          WHEN ${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= now() THEN NULL
          WHEN ${loginFailures.failures} + 1 >= ${LOGIN_MAX_FAILURES} THEN now() + ${lockInterval}::interval
          ELSE ${loginFailures.lockedUntil} END`,
        updatedAt: sql`now()`,
      },
    });
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key(username)));
}
