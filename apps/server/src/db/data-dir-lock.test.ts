import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateDump } from '@agent-console/server/test/test-database';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ConfigError } from '../lib/config-error';
import { openDatabase } from './client';
import { lockDataDir, removeStaleLock } from './data-dir-lock';

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
    const exitListeners = process.listenerCount('exit');
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(process.listenerCount('exit')).toBe(exitListeners);

    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 1, host: 'another-host' }));
    expect(() => lockDataDir(dir)).toThrow('process 1 on host another-host');
  });

  it('lets a starter that read the stale lock before another took it over leave the new lock alone', async () => {
    const dir = dataDir();
    const stale = JSON.stringify({ pid: await deadPid(), host: hostname(), since: 'then' });
    writeFileSync(`${dir}.lock`, stale);
    const lock = lockDataDir(dir);
    try {
      // A slower starter read `stale` before our takeover and comes to remove it only now.
      expect(removeStaleLock(lock.path, stale)).toBe('gone');
      expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
      expect(() => lockDataDir(dir)).toThrow(`is in use by process ${process.pid}`);
    } finally {
      lock.release();
    }
  });

  it('waits for another starter taking over the same stale lock, and names both files if it never finishes', async () => {
    const dir = dataDir();
    const stale = JSON.stringify({ pid: await deadPid(), host: hostname(), since: 'then' });
    writeFileSync(`${dir}.lock`, stale);
    // A starter that died between claiming the takeover and removing the stale lock.
    const marker = `${dir}.lock.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    writeFileSync(marker, '1');
    expect(() => lockDataDir(dir, { takeoverWaitMs: 100 })).toThrow(ConfigError);
    expect(() => lockDataDir(dir, { takeoverWaitMs: 100 })).toThrow(`did not finish (${marker})`);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(stale);
    rmSync(marker);
    lockDataDir(dir).release();
  });

  it('gives a stale lock to exactly one of several processes starting at the same moment', async () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: await deadPid(), host: hostname() }));
    const moduleUrl = new URL('./data-dir-lock.ts', import.meta.url).href;
    // Each waits for "go" on stdin, so that all of them try within the same moment, then says
    // whether it got the lock and holds it until the others have answered.
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(moduleUrl)});
      process.stdin.once('data', () => {
        let said;
        try { lockDataDir(${JSON.stringify(dir)}); said = 'locked'; }
        catch (e) { said = /is in use by process/.test(String(e.message)) ? 'refused' : 'error ' + e.message; }
        process.stdout.write(said + '\\n');
        process.stdin.once('data', () => process.exit(0));
      });
      process.stdout.write('ready\\n');`;
    const children: ChildProcess[] = [];
    const said = (child: ChildProcess, what: RegExp) =>
      new Promise<string>((resolve, reject) => {
        let out = '';
        const onData = (d: Buffer) => {
          out += d;
          const line = out.split('\n').find((l) => what.test(l));
          if (line === undefined) return;
          child.stdout?.off('data', onData);
          resolve(line);
        };
        child.stdout?.on('data', onData);
        child.once('exit', (code) => reject(new Error(`exited ${code} before saying ${what}: ${out}`)));
      });
    try {
      for (let i = 0; i < 6; i++) {
        children.push(
          spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
            cwd: path.dirname(fileURLToPath(import.meta.url)),
            stdio: ['pipe', 'pipe', 'inherit'],
          }),
        );
      }
      await Promise.all(children.map((c) => said(c, /^ready$/)));
      const answers = children.map((c) => said(c, /^(locked|refused|error)/));
      for (const c of children) c.stdin?.write('go\n');
      const results = await Promise.all(answers);
      expect(results.filter((r) => r === 'locked')).toHaveLength(1);
      expect(results.filter((r) => r === 'refused')).toHaveLength(5);
    } finally {
      for (const c of children) {
        c.removeAllListeners('exit');
        c.stdin?.end('done\n');
      }
      await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    }
    // The owner's exit released the lock, and no takeover marker is left behind.
    const folder = path.dirname(dir);
    expect(readdirSync(folder).filter((f) => f.includes('.lock'))).toEqual([]);
  }, 60_000);

  it('tells a reused pid from its owner by the process start time', async () => {
    const dir = dataDir();
    // Our own pid, but started at another time: the owner is gone and the pid serves us now.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), started: '1' }));
    const lock = lockDataDir(dir);
    lock.release();
  });
});
