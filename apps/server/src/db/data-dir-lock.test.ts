import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { templateDump } from '@agent-console/server/test/test-database';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ConfigError } from '../lib/config-error';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that has exited: its pid runs no more (or, reused, with another start time). */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.once('exit', () => resolve(child.pid as number));
  });
}

describe('the embedded database has one owner', () => {
  // The embedded database's own run covers it; its template is what makes opening one cheap.
  const template = inject('databaseTemplate');
  it.runIf(template.kind === 'pglite')(
    'refuses a second opener of the same data directory, naming it and the way out',
    async () => {
      if (template.kind !== 'pglite') return;
      const dir = dataDir();
      const first = await openDatabase({
        kind: 'pglite',
        dataDir: dir,
        loadDataDir: await templateDump(template.dumpFile),
      });
      try {
        const second = openDatabase({ kind: 'pglite', dataDir: dir });
        await expect(second).rejects.toBeInstanceOf(ConfigError);
        await expect(second).rejects.toThrow(`The embedded database in ${dir} is in use by process ${process.pid}`);
        await expect(second).rejects.toThrow('DATABASE_URL');
        // The refused opener did not disturb the owner.
        expect((await first.sql.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      } finally {
        await first.close();
      }
      expect(existsSync(`${dir}.lock`)).toBe(false);
      const again = await openDatabase({ kind: 'pglite', dataDir: dir });
      await again.close();
    },
  );

  it('takes over a lock whose process died, but not one held on another host', async () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: await deadPid(), host: hostname() }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);

    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 1, host: 'another-host' }));
    expect(() => lockDataDir(dir)).toThrow('process 1 on host another-host');
  });

  it('tells a reused pid from its owner by the process start time', async () => {
    const dir = dataDir();
    // Our own pid, but started at another time: the owner is gone and the pid serves us now.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), started: '1' }));
    const lock = lockDataDir(dir);
    lock.release();
  });
});
