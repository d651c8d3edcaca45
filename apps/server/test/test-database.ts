import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed';
import { SEED_MENU } from '../src/menu';

/** Password of the seeded admin in every test database. */
export const TEST_ADMIN_PASSWORD = 'admin-test-password';

/**
 * What the global setup prepared once per run: a migrated, seeded PGlite dump, or a template
 * database on the PostgreSQL of TEST_DATABASE_URL. Each test file copies it, which is far
 * faster than migrating and seeding anew.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TestDatabaseTemplate;
  }
}

export type TestDatabaseTemplate =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; url: string; template: string };

export async function prepareFreshDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD, menu: SEED_MENU });
}

export function databaseUrlWithName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `fn` on a connection to the server's maintenance database (the one in the URL). */
export async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this copy; absent on PGlite. */
  url?: string;
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/**
 * The template dump, read once per test process (test files share a worker's modules): each copy
 * then costs one copy of its bytes for the database thread (PgliteThread.start).
 */
const dumps = new Map<string, Promise<Uint8Array>>();
export function templateDump(file: string): Promise<Uint8Array> {
  let dump = dumps.get(file);
  if (!dump) {
    dump = readFile(file);
    dumps.set(file, dump);
  }
  return dump;
}

export async function openTestDatabase(template: TestDatabaseTemplate): Promise<TestDatabase> {
  if (template.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await templateDump(template.dumpFile) });
    return { ...database, dispose: () => database.close() };
  }
  const name = `ac_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(template.url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(template.url, name), poolSize: 5 });
  const url = databaseUrlWithName(template.url, name);
  return {
    ...database,
    url,
    dispose: async () => {
      await database.close();
      await withAdminClient(template.url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
