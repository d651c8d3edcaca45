import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

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
    return new PgBoss({ ...common, connectionString: options.url, max: 4 });
  }
  return new PgBoss({
    ...common,
    db: {
      async executeSql(text: string, values: unknown[]) {
        if (!values?.length && /;\s*\S/.test(text.trim().replace(/;\s*$/, ''))) {
          await database.sql.exec(text);
          return { rows: [] };
        }
        return database.sql.query(text, values);
      },
    },
  });
}
