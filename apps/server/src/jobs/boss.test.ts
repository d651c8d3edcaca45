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
  }, 60_000);
});
