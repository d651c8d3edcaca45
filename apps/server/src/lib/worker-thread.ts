import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { bundleOptions } from '../../bundle-options.mjs';

/**
 * Starting a worker thread whose entry is a module of this server: built, a `.js` file beside the
 * bundle; from the sources (tests, `tsx`), a `.ts` file bundled once per process the way the build
 * bundles it.
 */

/**
 * The entry of a worker that sits beside the calling module: `<name>.ts` when the caller runs from
 * the sources, `<name>.js` in the bundle (every entry of the build lands in one folder).
 */
export function workerEntry(name: string, callerUrl: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where bundled entries are kept: inside the server's folder, so their npm imports resolve. */
const BUNDLE_DIR = path.join(SERVER_ROOT, '.tmp', 'workers');
const bundled = new Map<string, URL>();

/**
 * A worker written in TypeScript, bundled with esbuild as `build.mjs` bundles the server's workers
 * (the same `bundleOptions`). Loading it through tsx instead cost about 300 ms for every thread,
 * since tsx's loader starts anew in each; tests start a database thread for each of some 160 test
 * apps. Bundled once per process, under a name of its content.
 */
function bundledEntry(entry: URL): URL {
  const known = bundled.get(entry.href);
  if (known) return known;
  // esbuild is a devDependency, as is tsx: running from the sources needs them, the build does not.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = esbuild.buildSync({
    ...bundleOptions(SERVER_ROOT),
    entryPoints: [fileURLToPath(entry)],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const name = path.basename(entry.pathname).replace(/\.ts$/, '');
  const file = path.join(BUNDLE_DIR, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    // Other processes may write the same file at once: each writes its own and renames it in place.
    mkdirSync(BUNDLE_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  const url = pathToFileURL(file);
  bundled.set(entry.href, url);
  return url;
}

export function startWorker(entry: URL, resourceLimits?: ResourceLimits): Worker {
  // The parent's flags (an --import of tsx, a heap size) are not the worker's business.
  const options = { ...(resourceLimits ? { resourceLimits } : {}), execArgv: [] as string[] };
  return new Worker(entry.pathname.endsWith('.ts') ? bundledEntry(entry) : entry, options);
}
