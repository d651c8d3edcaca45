/**
 * Formatting the new files with the repository's own Biome: renaming changes line lengths, and
 * the generated files must pass `npm run lint` as they are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Formats the new files with the repository's Biome, when it is installed. */
export function format(root, files) {
  const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'biome.cmd' : 'biome');
  if (!existsSync(bin)) return 'Biome not installed: new files left as generated';
  // migrations stay byte for byte as planned: drizzle-kit owns their format
  const formattable = files.filter((f) => /\.(ts|tsx|json)$/.test(f) && !f.includes('/migrations/'));
  const r = spawnSync(bin, ['check', '--write', '--no-errors-on-unmatched', ...formattable], {
    cwd: root,
    encoding: 'utf8',
  });
  return r.status === 0 ? 'formatted with Biome' : `Biome reported issues:\n${r.stdout}${r.stderr}`;
}
