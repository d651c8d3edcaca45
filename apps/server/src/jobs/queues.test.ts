import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isValidCron } from './cron';
import { QUEUES } from './queues';

/**
 * Issue 35: one typed catalogue of every queue, payload and cron (jobs/queues.ts). These checks
 * read the server's sources, so a new queue or a new call to pg-boss is held to them by itself.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The files that may call pg-boss's queue methods themselves: the catalogue and the boss's setup. */
const ALLOWED = new Set(['jobs/queues.ts', 'jobs/boss.ts']);
/** Creating, feeding, working and scheduling a queue; `unschedule` of a former queue is left free. */
const DIRECT_CALL = /\bboss\??\.(send|sendAfter|insert|work|offWork|schedule|createQueue)\s*[(<]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

const files = sources(SRC).map((file) => ({
  name: path.relative(SRC, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

describe('the queue catalogue', () => {
  it('names every queue once, and every schedule by a valid cron', () => {
    const names = Object.values(QUEUES).map((q) => q.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    for (const q of Object.values(QUEUES)) {
      if (q.cron !== undefined) expect(isValidCron(q.cron), q.name).toBe(true);
    }
  });

  it('is the only way to pg-boss: no other source creates, feeds, works or schedules a queue', () => {
    const direct = files
      .filter((file) => !ALLOWED.has(file.name))
      .flatMap((file) => [...file.text.matchAll(DIRECT_CALL)].map((m) => `${file.name}: ${m[0]}`));
    expect(direct).toEqual([]);
  });

  it('has every catalogued queue created and worked by some feature, and every schedule fired', () => {
    const all = files.map((file) => file.text).join('\n');
    for (const [key, q] of Object.entries(QUEUES)) {
      expect(all, `${q.name} created`).toMatch(new RegExp(`createQueue\\(boss, QUEUES\\.${key}\\b`));
      expect(all, `${q.name} worked`).toMatch(new RegExp(`workOn\\(boss, QUEUES\\.${key}\\b`));
      if ('cron' in q)
        expect(all, `${q.name} scheduled`).toMatch(new RegExp(`scheduleQueue\\(boss, QUEUES\\.${key}\\b`));
    }
  });
});
