// `npm test` builds first (the browser suite serves the built web app; the restart tests run the
// built server). CI runs `npm test` twice on one checkout, once per database, and a developer runs it
// again and again; the second build of unchanged sources only costs time. This builds unless the
// sources that go into the build have the same fingerprint as at the last successful build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = path.resolve('.tmp/build-fingerprint');
/** What a build reads: the four workspaces (less their outputs and dependencies) and the lock file. */
const ROOTS = ['apps/server', 'apps/web', 'apps/widget', 'packages/contracts'];
const SKIP = new Set(['node_modules', 'dist', '.tmp', 'e2e']);
const OUTPUTS = ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/widget/dist/widget.js'];

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of [
    'package-lock.json',
    'package.json',
    'tsconfig.base.json',
    ...ROOTS.flatMap((r) => [...filesUnder(r)]),
  ]) {
    if (!existsSync(file)) continue;
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const before = fingerprint();
const previous = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (previous === before && OUTPUTS.every((f) => existsSync(f)) && process.env.FORCE_BUILD !== '1') {
  console.log('build: sources unchanged since the last build; using it (FORCE_BUILD=1 builds anyway)');
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (result.status !== 0) process.exit(result.status ?? 1);
mkdirSync(path.dirname(STAMP), { recursive: true });
writeFileSync(STAMP, `${before}\n`);
