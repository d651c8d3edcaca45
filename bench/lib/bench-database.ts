import path from 'node:path';
import { type Database, openDatabase } from '@agent-console/server/test/db';

/** Where a bench server keeps its data: its folder (the embedded database) or its PostgreSQL database. */
export interface BenchData {
  databaseUrl: string | undefined;
  dataDir: string;
}

export function databaseTarget(data: BenchData, poolSize?: number): Parameters<typeof openDatabase>[0] {
  return data.databaseUrl
    ? { kind: 'postgres', url: data.databaseUrl, ...(poolSize ? { poolSize } : {}) }
    : { kind: 'pglite', dataDir: path.join(data.dataDir, 'pglite') };
}

/**
 * A bench server's database opened in the bench process, through the server's own client: on
 * PostgreSQL a pool (the server's size unless `poolSize`), on PGlite the data folder, which has
 * one owner, so only while the server is stopped.
 */
export function openBenchDatabase(data: BenchData, poolSize?: number): Promise<Database> {
  return openDatabase(databaseTarget(data, poolSize));
}

/** Runs `fn` on the bench server's database and closes it after. */
export async function withBenchDatabase<T>(data: BenchData, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openBenchDatabase(data);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}
