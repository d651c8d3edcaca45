import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Starting a worker thread whose entry is a module of this server: built, a `.js` file beside the
 * bundle; from the sources (tests, `tsx`), a `.ts` file loaded through tsx's loader.
 */

/**
 * The entry of a worker that sits beside the calling module: `<name>.ts` when the caller runs from
 * the sources, `<name>.js` in the bundle (every entry of the build lands in one folder).
 */
export function workerEntry(name: string, callerUrl: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

/**
 * Loader of a worker written in TypeScript: a `--import tsx` in the worker's execArgv does not
 * reach a worker's entry module on Node 20 (and tsx's loader registers itself only on the main
 * thread), so the worker starts from this small module, which registers tsx's ESM hooks through
 * its API and then imports the real entry.
 */
const TS_BOOTSTRAP = [
  "import { workerData } from 'node:worker_threads';",
  'const { register } = await import(workerData.tsxApi);',
  'register();',
  'await import(workerData.entry);',
].join('\n');

/** tsx's ESM API module (`tsx/esm/api` under the `import` condition), a devDependency. */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const exported = (require(manifest) as { exports: Record<string, { import: { default: string } }> }).exports;
  const target = exported['./esm/api']?.import.default;
  if (!target) throw new Error('tsx/esm/api not found: workers written in TypeScript need tsx');
  return new URL(target, pathToFileURL(manifest)).href;
}

export function startWorker(entry: URL, resourceLimits?: ResourceLimits): Worker {
  // The parent's flags (an --import of tsx, a heap size) are not the worker's business.
  const options = { ...(resourceLimits ? { resourceLimits } : {}), execArgv: [] as string[] };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(TS_BOOTSTRAP)}`), {
    ...options,
    workerData: { tsxApi: tsxEsmApi(), entry: entry.href },
  });
}
