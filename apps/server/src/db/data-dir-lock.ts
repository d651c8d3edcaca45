import { createHash } from 'node:crypto';
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

function parseOwner(raw: string): LockOwner | null {
  try {
    const owner = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    return { pid: owner.pid, host: owner.host, started: owner.started ?? null, since: owner.since ?? '?' };
  } catch {
    return null;
  }
}

/** The lock file's bytes, or null when there is none. */
function readRaw(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Blocks the thread for a moment: opening the database is synchronous up to here. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How long a starter waits for another one that is taking over the same stale lock. */
const TAKEOVER_WAIT_MS = 5_000;

export function lockDataDir(dataDir: string, options: { takeoverWaitMs?: number } = {}): DataDirLock {
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
    return acquire(file, draft, me, dataDir, options.takeoverWaitMs ?? TAKEOVER_WAIT_MS);
  } finally {
    rmSync(draft, { force: true });
  }
}

function acquire(file: string, draft: string, me: LockOwner, dataDir: string, waitMs: number): DataDirLock {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      linkSync(draft, file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        // Only our own lock: never one a later owner took over.
        if (parseOwner(readRaw(file) ?? '')?.pid === me.pid) rmSync(file, { force: true });
      };
      // A process that opens and closes data folders many times (the tests) keeps no listener per folder.
      process.once('exit', release);
      return { path: file, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const raw = readRaw(file);
    // Null: released between our link and our read; try again.
    if (raw !== null) {
      const owner = parseOwner(raw);
      if (owner && (owner.host !== me.host || isRunning(owner))) {
        const where = owner.host === me.host ? `process ${owner.pid}` : `process ${owner.pid} on host ${owner.host}`;
        throw new ConfigError(
          `The embedded database in ${dataDir} is in use by ${where} since ${owner.since}. ` +
            'One process at a time can open it: stop the other one, or run several instances on ' +
            `PostgreSQL (DATABASE_URL). If no such process runs, delete ${file}.`,
        );
      }
      // Left by a process that is gone (or unreadable): take it over, unless another starter is.
      if (removeStaleLock(file, raw) === 'busy') {
        if (Date.now() > deadline) {
          throw new ConfigError(
            `Could not lock the embedded database in ${dataDir}: another process started taking over ` +
              `the stale ${file} and did not finish (${takeoverMarker(file, raw)}). If no other ` +
              'process is starting, delete both files.',
          );
        }
        pause(20);
        continue;
      }
    }
    // Taken over or released: the next link normally succeeds; a lock that keeps coming back does not loop for ever.
    if (Date.now() > deadline) {
      throw new ConfigError(`Could not lock the embedded database in ${dataDir}: ${file} keeps reappearing.`);
    }
  }
}

/**
 * Who removes a stale lock is decided by creating its takeover marker exclusively: the marker is
 * named after the stale lock's content, so exactly one starter removes that lock, and only after
 * reading it again under the marker. Without it, a starter that read the stale lock just before
 * another took it over and linked its own would remove the new owner's lock, and both would
 * open the database.
 */
export function removeStaleLock(file: string, staleRaw: string): 'removed' | 'gone' | 'busy' {
  const marker = takeoverMarker(file, staleRaw);
  try {
    writeFileSync(marker, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another starter holds the marker; once it is done, the lock it linked will be read.
    return readRaw(file) === staleRaw ? 'busy' : 'gone';
  }
  try {
    if (readRaw(file) !== staleRaw) return 'gone';
    rmSync(file, { force: true });
    return 'removed';
  } finally {
    rmSync(marker, { force: true });
  }
}

function takeoverMarker(file: string, raw: string): string {
  return `${file}.takeover-${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
}
