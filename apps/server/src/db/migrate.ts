import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/**
 * The migrations folder sits beside this file in the source tree and is copied beside the
 * bundle by the build, so both `tsx src/main.ts` and `node dist/main.js` find it.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`migrations folder not found near ${here}`);
}

export async function migrateDatabase(database: Database): Promise<void> {
  // pg_trgm is a trusted extension, so a database owner may create it without superuser.
  await database.sql.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const config = { migrationsFolder: migrationsFolder() };
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, config);
  } else {
    await migratePg(database.db, config);
  }
}
