/**
 * The repository as the plan sees it: files on disk, overlaid by the edits planned so far. Edits
 * stay in memory, with each file's original text, so that a refusal at any step leaves the disk
 * untouched and a failed write can be undone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** Paths are repo-relative with `/` separators throughout, as they appear in the output. */
export function openRepo(root) {
  const abs = (p) => path.join(root, p);
  const rel = (p) => path.relative(root, p).split(path.sep).join('/');
  const exists = (p) => existsSync(abs(p));
  const read = (p) => readFileSync(abs(p), 'utf8');
  /** path → { before, after }; before is null for a new file. */
  const changes = new Map();
  return {
    changes,
    exists,
    read,
    /** Every file under dir, recursively (dependencies, builds and dot-folders left out). */
    files: (dir) => walk(abs(dir)).map(rel),
    edit(p, after) {
      const prev = changes.get(p);
      changes.set(p, { before: prev ? prev.before : exists(p) ? read(p) : null, after });
    },
    /** The text a later step must build on: the planned edit if there is one. */
    current: (p) => (changes.has(p) ? changes.get(p).after : read(p)),
  };
}
