import { signal } from '@agent-console/server/test/fixtures/signal';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { createBoss } from './boss';
import { createQueue, type Queue, sendJob, workOn } from './queues';

/**
 * Issue 38: a job sent by this process wakes this process's worker of its queue at once, instead
 * of at the worker's next poll. The worker here polls every ten minutes, so without the wake the
 * job would wait far longer than the test's own time limit.
 */
describe('a job sent here', () => {
  it('is taken by this process idle worker before its next poll', async () => {
    const database = await openTestDatabase(inject('databaseTemplate'));
    let fetches = 0;
    const [firstFetchDone, fetched] = signal();
    const watched: Database = {
      ...database,
      sql: {
        async query(text, values) {
          const answer = await database.sql.query(text, values);
          if (/skip locked/i.test(text) && ++fetches === 1) fetched();
          return answer as never;
        },
        exec: (text) => database.sql.exec(text),
      },
    };
    const boss = createBoss(watched);
    boss.on('error', () => {});
    const q: Queue<{ n: number }> = { name: 'wake-test', about: 'a queue of this test' };
    try {
      await boss.start();
      await createQueue(boss, q);
      const [handledJob, handled] = signal();
      const seen: number[] = [];
      await workOn(boss, q, { pollingIntervalSeconds: 600, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) seen.push(job.data.n);
        handled();
      });
      // The worker's first fetch found nothing; it now sleeps for its ten-minute interval.
      await firstFetchDone;
      await sendJob(boss, q, { n: 7 });
      await handledJob;
      expect(seen).toEqual([7]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
      await database.dispose();
    }
  }, 60_000);
});
