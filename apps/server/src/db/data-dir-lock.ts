import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { ConfigError } from '../lib/config-error';

/**
 * The embedded database has one owner: two processes writing one PGlite data directory corrupt
 * it, and nothing in PGlite stops the second (it has no postmaster). So the process that opens it
 * holds `<dataDir>.lock`, created exclusively, naming its pid, host and the kernel's start time of
 * that pid. A second opener is refused with a message that says why and what to do instead.
 *
 * A lock left by a process that died (SIGKILL, power cut) is taken over: its pid no longer runs,
 * or runs as a different process (the pid was reused — told apart by the start time). A lock
 * written on another host (a data directory on a shared disk) is never taken over automatically.
 */
export interface DataDirLock {
  path: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
  /** Field 22 of /proc/<pid>/stat; null where /proc is not there. */
  started: string | null;
  since: string;
}

function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    return { pid: owner.pid, host: owner.host, started: owner.started ?? null, since: owner.since ?? '?' };
  } catch {
    return null;
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const file = `${dataDir}.lock`;
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    started: processStart(process.pid),
    since: new Date().toISOString(),
  };
  // Written aside, then linked into place: the link either creates the lock whole or fails, so
  // no other opener ever reads a half-written one.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(me), { mode: 0o600 });
  try {
    return acquire(file, draft, me, dataDir);
  } finally {
    rmSync(draft, { force: true });
  }
}

function acquire(file: string, draft: string, me: LockOwner, dataDir: string): DataDirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      linkSync(draft, file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // Only our own lock: never one a later owner took over.
        if (readOwner(file)?.pid === me.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { path: file, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    if (owner && (owner.host !== me.host || isRunning(owner))) {
      const where = owner.host === me.host ? `process ${owner.pid}` : `process ${owner.pid} on host ${owner.host}`;
      throw new ConfigError(
        `The embedded database in ${dataDir} is in use by ${where} since ${owner.since}. ` +
          'One process at a time can open it: stop the other one, or run several instances on ' +
          `PostgreSQL (DATABASE_URL). If no such process runs, delete ${file}.`,
      );
    }
    // Left by a process that is gone (or unreadable): take it over.
    rmSync(file, { force: true });
  }
  throw new ConfigError(`Could not lock the embedded database in ${dataDir}: ${file} keeps reappearing.`);
}
