import { ANY_TABLE, type ChangeFeed } from '../../../db/change-feed';
import type { AuthContext } from '../../../http/request-context';

/**
 * Tables whose rows decide a caller's session, account state, roles, permissions and data scope.
 * Each has a change-feed trigger (migration 0011; a test checks that every one does): a write to
 * any of them, by any instance, empties the cache before the writing request answers.
 */
export const AUTH_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'users',
  'user_roles',
  'roles',
  'role_menus',
  'role_customers',
  'menus',
  'customers',
]);

/** Callers held at once; past it the longest-held is dropped (a bad token is never held). */
const MAX_ENTRIES = 5_000;

export interface CachedCaller {
  context: AuthContext;
  /** The session's end and last recorded activity, in epoch milliseconds. */
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * Callers by the hash of their token, so that a request whose caller is cached runs no query to
 * know who it is. Correctness rests on the change feed, not on each writer remembering to clear
 * it: every write to an AUTH_TABLES table empties the cache, and while the feed is not live the
 * cache neither answers nor keeps anything.
 */
export class AuthCache {
  readonly #entries = new Map<string, CachedCaller>();
  /** Counts emptyings, so that a load which began before one is not kept after it. */
  #generation = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((table) => {
      if (table === ANY_TABLE || AUTH_TABLES.has(table)) this.clear();
    });
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(tokenHash: string, now: number): CachedCaller | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (entry && entry.expiresAt <= now) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Keeps a caller loaded while the cache was at `generation`, unless it has been emptied since. */
  set(tokenHash: string, entry: CachedCaller, generation: number): void {
    if (!this.feed.live || generation !== this.#generation) return;
    if (!this.#entries.has(tokenHash) && this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, entry);
  }

  clear(): void {
    this.#entries.clear();
    this.#generation += 1;
  }
}
