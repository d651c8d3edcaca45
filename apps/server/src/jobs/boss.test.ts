import { signal } from '@agent-console/server/test/fixtures/signal';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-database';
import { type Database, openDatabase } from '../db/client';
import { createBoss } from './boss';

const onPostgres = inject('databaseTemplate').kind === 'postgres';

/**
 * Instances starting together each create the console's queues. pg-boss makes a queue by
 * attaching a partition with foreign keys, and two sessions doing that for different queues at
 * the same moment deadlock; the loser must try again rather than stop the instance's start.
 */
describe.runIf(onPostgres)('pg-boss queues created by several instances at once', () => {
  let database: TestDatabase;
  /** The same database opened again, as another instance would: its own pool and lock connection. */
  let other: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'));
    other = await openDatabase({ kind: 'postgres', url: database.url as string, poolSize: 2 });
  });
  afterAll(async () => {
    await other?.close();
    await database?.dispose();
  });

  it('creates every queue though two instances create them together in opposite orders', async () => {
    const bosses = [database, other].map((db) => createBoss(db, { url: database.url }));
    for (const boss of bosses) boss.on('error', () => {});
    try {
      await Promise.all(bosses.map((boss) => boss.start()));
      const names = Array.from({ length: 16 }, (_, i) => `instances-${i}`);
      const [first, second] = bosses;
      await Promise.all([
        (async () => {
          for (const name of names) await first?.createQueue(name);
        })(),
        (async () => {
          for (const name of [...names].reverse()) await second?.createQueue(name);
        })(),
      ]);
      const { rows } = await database.sql.query<{ name: string }>(
        "select name from pgboss.queue where name like 'instances-%' order by name",
      );
      expect(rows.map((r) => r.name).sort()).toEqual([...names].sort());
    } finally {
      await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true })));
    }
  }, 120_000);
});

/**
 * pg-boss's graceful stop waits for the jobs its workers hold, but not for a fetch already sent.
 * Here the answer of one is held until the stop is over: the job it brings back is run, and its
 * completion must not reach the database, which its owner closes right after the stop.
 */
describe('a fetch under way when pg-boss stops', () => {
  it('sends nothing to the database once the stop is over', async () => {
    const database = await openTestDatabase(inject('databaseTemplate'));
    let holdFetch = false;
    const [held, fetchHeld] = signal();
    const [released, release] = signal();
    let stopped = false;
    const afterStop: string[] = [];
    const watched: Database = {
      ...database,
      sql: {
        async query(text, values) {
          if (stopped) afterStop.push(text.trim().slice(0, 60));
          const answer = await database.sql.query(text, values);
          if (holdFetch && /skip locked/i.test(text)) {
            holdFetch = false;
            fetchHeld();
            await released;
          }
          return answer as never;
        },
        exec: (text) => database.sql.exec(text),
      },
    };
    const boss = createBoss(watched);
    boss.on('error', () => {});
    try {
      await boss.start();
      await boss.createQueue('stop-race');
      await boss.send('stop-race', {});
      const [handled, ran] = signal();
      holdFetch = true;
      await boss.work('stop-race', { pollingIntervalSeconds: 0.5 }, async () => {
        ran();
      });
      await held;
      await boss.stop({ graceful: true, wait: true, timeout: 1000 });
      stopped = true;
      release();
      await handled;
      // The completion is sent as the handler's promise settles: a few turns later at the most.
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(afterStop).toEqual([]);
    } finally {
      release();
      await database.dispose();
    }
  });
});
