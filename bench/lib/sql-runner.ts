import path from 'node:path';
import { type Database, openDatabase } from '@agent-console/server/test/db';
import pg from 'pg';

/** Raw SQL on a bench server's database while the server is stopped (PGlite has one owner). */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function openSqlRunner(
  databaseUrl: string | undefined,
  dataDir: string,
  connections = 4,
): Promise<SqlRunner> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
    return { exec: async (s) => void (await pool.query(s)), query: (s) => pool.query(s), close: () => pool.end() };
  }
  const database: Database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  return { exec: (s) => database.sql.exec(s), query: (s) => database.sql.query(s), close: () => database.close() };
}
