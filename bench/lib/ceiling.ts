import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchData } from './bench-database';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.join(import.meta.dirname, 'ceiling-server.ts');

/**
 * Runs `fn` with the ceiling server (ceiling-server.ts) up on a bench server's database, in its
 * own process so that it does not share a thread with the load generator, as the server under
 * test does not. On PGlite the bench server must be stopped: the data folder has one owner.
 */
export async function withCeilingServer<T>(data: BenchData, fn: (baseUrl: string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: { ...process.env, CEILING_DATABASE_URL: data.databaseUrl ?? '', CEILING_DATA_DIR: data.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`ceiling server did not start:\n${output}`)), 60_000);
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /listening (\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`ceiling server exited (${code}):\n${output}`));
      });
    });
    return await fn(baseUrl);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}
