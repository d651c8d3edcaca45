import { useDatabaseCopy } from '@agent-console/server/test/fixtures/database-copy';
import { createTestApp } from '@agent-console/server/test/test-app';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, describe, expect, it } from 'vitest';
import { BackgroundTasks } from '../lib/background-tasks';
import { sharedRateLimitStore } from './rate-limit-store';

const database = useDatabaseCopy();
const tasks = new BackgroundTasks();
// Declared after the database: the tasks end before it is disposed.
afterAll(() => tasks.close());

/** The child store of one limiter, as the plugin asks for it: with the limiter's options. */
function limiterOf(store: FastifyRateLimitStore, groupId?: string): FastifyRateLimitStore {
  // The plugin's types say the child gets route options; it gets the limiter's merged options.
  const child = store.child as unknown as (options: object) => FastifyRateLimitStore;
  return child.call(store, groupId === undefined ? {} : { groupId });
}

describe('rate limits kept in the database', () => {
  it('gives a client one sign-in budget across two console instances on one database', async () => {
    const one = await createTestApp({ database, loginRateLimit: 4 });
    const two = await createTestApp({ database, loginRateLimit: 4 });
    try {
      const attempt = async (on: typeof one) =>
        (await on.call('POST', '/api/login', { body: { username: 'ghost', password: 'whatever' } })).body.code;
      expect([await attempt(one), await attempt(two), await attempt(one), await attempt(two)]).toEqual([
        'A0210',
        'A0210',
        'A0210',
        'A0210',
      ]);
      expect(await attempt(one)).toBe('A0501');
      expect(await attempt(two)).toBe('A0501');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('counts within a window and starts over once the window has ended', async () => {
    const Store = sharedRateLimitStore(database.db, tasks);
    const limiter = limiterOf(new Store({}), 'one');
    const other = limiterOf(new Store({}), 'other');
    const hit = (store = limiter, window = 1_000) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr('198.51.100.7', (err, result) => (err || !result ? reject(err) : resolve(result)), window, 3),
      );
    const first = await hit();
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(1_000);
    expect((await hit()).current).toBe(2);
    // Another limiter (another store of the same kind) counts the same client apart.
    expect((await hit(other)).current).toBe(1);
    // Once the window has run out by the database's clock, the next hit opens a new one.
    let next = await hit();
    while (next.current !== 1) {
      expect(next.current).toBeGreaterThan(2);
      await new Promise((r) => setTimeout(r, Math.max(next.ttl, 50)));
      next = await hit();
    }
    expect(next.ttl).toBeGreaterThan(0);
  });

  it('refuses a limiter without a name, or with the name of another', () => {
    const Store = sharedRateLimitStore(database.db, tasks);
    const store = new Store({});
    expect(() => limiterOf(store)).toThrow(/needs a groupId/);
    limiterOf(store, 'login');
    expect(() => limiterOf(store, 'login')).toThrow(/two rate limiters are named "login"/);
  });
});
