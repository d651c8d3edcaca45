import PgBoss from 'pg-boss';
import { LOCK_NAMESPACE } from '../db/advisory-lock';
import type { Database } from '../db/client';
import type { SessionLocks } from '../db/session-locks';

/**
 * Makes `boss` create its queues one at a time across every instance on the database. pg-boss
 * creates a queue in one statement that inserts its row, then attaches a partition with foreign
 * keys to the queue table; two sessions doing that at the same moment (for one queue or two) take
 * those locks in opposite orders and PostgreSQL aborts one, which stopped an instance's start when
 * two started together. The lock orders them across processes and within one.
 * (pg-boss copies its methods onto the instance, so a subclass could not override this one.)
 */
function serialiseQueueCreation(boss: PgBoss, locks: SessionLocks): PgBoss {
  const create = boss.createQueue.bind(boss);
  boss.createQueue = (name, options) => locks.withLock(LOCK_NAMESPACE.queueSetup, 0, () => create(name, options));
  return boss;
}

/**
 * pg-boss on the application's own database. On PostgreSQL it gets its own small pool from the
 * URL; on PGlite (one connection) it shares the client through `executeSql`, where text with
 * several statements and no parameters must go through `exec` (the extended protocol takes one).
 */
export function createBoss(database: Database, options: { url?: string } = {}): PgBoss {
  const common = {
    schema: 'pgboss',
    // The scheduler only matters where cron schedules are used; it is cheap either way.
    schedule: true,
    supervise: true,
    migrate: true,
  } satisfies PgBoss.ConstructorOptions;
  if (database.driver === 'postgres' && options.url) {
    return serialiseQueueCreation(new PgBoss({ ...common, connectionString: options.url, max: 4 }), database.locks);
  }
  // pg-boss's graceful stop waits for the jobs its workers hold, not for a fetch already sent: the
  // jobs such a fetch brings back after the stop are still run and completed, by then on a
  // database its owner has closed (a CI run saw the `complete` of one as work outliving the close).
  // So once stopped, this adapter answers nothing, as pg-boss's own connection does once closed;
  // a job fetched then is run again when it expires, like one cut off by a crash.
  let stopped = false;
  const boss = new PgBoss({
    ...common,
    db: {
      async executeSql(text: string, values: unknown[]) {
        if (stopped) return undefined as unknown as { rows: [] };
        if (!values?.length && /;\s*\S/.test(text.trim().replace(/;\s*$/, ''))) {
          await database.sql.exec(text);
          return { rows: [] };
        }
        return database.sql.query(text, values);
      },
    },
  });
  boss.on('stopped', () => {
    stopped = true;
  });
  return serialiseQueueCreation(boss, database.locks);
}
