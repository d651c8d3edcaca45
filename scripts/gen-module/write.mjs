/** Writing the plan to disk, all or nothing. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes every planned change; on any failure puts back what it had written. */
export function write(root, changes) {
  const done = [];
  try {
    for (const [p, { before, after }] of changes) {
      const file = path.join(root, p);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, after);
      done.push([file, before]);
    }
  } catch (e) {
    for (const [file, before] of done.reverse()) {
      if (before === null) rmSync(file, { force: true });
      else writeFileSync(file, before);
    }
    throw e;
  }
}
