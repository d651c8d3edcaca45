/**
 * PostgreSQL for a backup or a restore (DATABASE_URL set): a connection to the database, the
 * checks before a restore replaces it, and the client tools pg_dump and pg_restore.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './backup-error';

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to DATABASE_URL (${describeUrl(url)}): ${(err as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Refuses a database that other sessions use (a running console), or one that has tables without
 * --force. True when it has tables (and --force was given).
 */
export function checkPostgresTarget(url: string, force: boolean): Promise<boolean> {
  return withClient(url, async (client) => {
    const sessions = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const others = sessions.rows[0]?.n ?? 0;
    if (others > 0) {
      throw new BackupError(
        `${describeUrl(url)}: ${others} other session(s) are connected to the database. Stop the console (every instance) before a restore.`,
      );
    }
    const tables = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    const hasTables = (tables.rows[0]?.n ?? 0) > 0;
    if (hasTables && !force) {
      throw new BackupError(
        `${describeUrl(url)}: the database is not empty. A restore replaces it: run the restore again with --force, ` +
          'or point DATABASE_URL at an empty database.',
      );
    }
    return hasTables;
  });
}

/** The URL without its password, for messages. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

/**
 * Runs pg_dump or pg_restore on the database of `url`. The password goes in PGPASSWORD rather
 * than on the command line, where other users of the machine could read it.
 */
export async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const child = spawn(tool, [...args, `--dbname=${u.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exit) => resolve(exit));
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') {
      throw new BackupError(
        `${tool} was not found on PATH: install the PostgreSQL client tools (the server's major version or newer)`,
      );
    }
    throw err;
  });
  if (code !== 0) throw new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`);
}
