import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import type { BackgroundTasks } from '../lib/background-tasks';

/** How many hits between two clean-ups of windows that ended long ago. */
const SWEEP_EVERY = 500;
/** Rows older than the longest window in use (a minute) by far: nothing reads them again. */
const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The rate limiter's counters in the database (`rate_limit_hits`), so that a client's budget is
 * one budget whichever console instance it reaches, and a restart does not hand out a fresh one.
 * A fixed window per key, as the in-memory store counts: one atomic upsert per hit starts a new
 * window once the last one ended, or counts one more in it, and answers the count and the
 * milliseconds left — by the database's clock, the one clock all instances share.
 *
 * Each limiter (`fastify.rateLimit(…)`, a route's `config.rateLimit`) gets a child store named by
 * its `groupId`, which every limiter must have and no two may share: a name, unlike the order of
 * registration, stays the same when another version adds or removes a limiter, so instances of two
 * versions side by side during a rolling upgrade still count one client's budget under one key.
 */
/**
 * One hit on a fixed window of `windowMs` under `key`: one atomic upsert starts a new window once
 * the last one ended, or counts one more in it. Answers the hits in the window and the
 * milliseconds it has left, by the database's clock (the one clock all instances share).
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`(${windowMs}::double precision * interval '1 millisecond')`;
  const ended = sql`${rateLimitHits.windowStart} + ${window} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      // Both right-hand sides read the row as it was: a window that ended starts over.
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowStart: sql`case when ${ended} then now() else ${rateLimitHits.windowStart} end`,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.windowStart} + ${window} - now())) * 1000))::int`,
    });
  return { current: row?.current ?? 1, ttl: row?.ttl ?? windowMs };
}

export function sharedRateLimitStore(db: Db, tasks: BackgroundTasks): FastifyRateLimitStoreCtor {
  let hits = 0;
  const names = new Set<string>();

  const sweep = () => {
    const before = new Date(Date.now() - SWEEP_AFTER_MS);
    tasks.run('rate-limit sweep', () =>
      db
        .delete(rateLimitHits)
        .where(lt(rateLimitHits.windowStart, before))
        .catch(() => undefined),
    );
  };

  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly namespace = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hits += 1;
      if (hits % SWEEP_EVERY === 0) sweep();
      countHit(db, `${this.namespace}:${key}`, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** `options` are the limiter's own (its types say route options; the plugin passes both merged). */
    child(options: object): FastifyRateLimitStore {
      const name = (options as { groupId?: unknown }).groupId;
      if (typeof name !== 'string' || !name) {
        throw new Error('every rate limiter needs a groupId: its budgets are stored under it');
      }
      if (names.has(name)) throw new Error(`two rate limiters are named "${name}": they would share one budget`);
      names.add(name);
      return new SharedStore(undefined, name);
    }
  }
  return SharedStore;
}
