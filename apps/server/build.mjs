// Bundles the server into dist/main.js, its worker threads' entries (the parse worker, the
// embedded database's thread) beside it, where the server looks for them at run time, and the
// backup tool's command line (dist/backup-cli.js). What stays external and what is bundled:
// bundle-options.mjs.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

rmSync('dist', { recursive: true, force: true });
await build({
  ...bundleOptions(fileURLToPath(new URL('.', import.meta.url))),
  entryPoints: {
    main: 'src/main.ts',
    'parse-worker': 'src/modules/knowledge/documents/parse-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    // `npm run backup` / `npm run restore` (src/backup-cli.ts): it starts pglite-worker.js from here too.
    'backup-cli': 'src/backup-cli.ts',
  },
  outdir: 'dist',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
