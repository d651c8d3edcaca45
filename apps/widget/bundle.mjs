import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, context } from 'esbuild';

/** The widget's folder. */
const widgetDir = path.dirname(fileURLToPath(import.meta.url));

/** Where `node build.mjs` writes the bundle that apps serve as /widget.js. */
export const WIDGET_OUTFILE = path.join(widgetDir, 'dist', 'widget.js');

/**
 * The esbuild options of the widget's bundle: src/main.ts as one small script for any web page (an
 * IIFE: no globals, no module loader), in one place for the build, the size test and the watcher.
 */
function options() {
  return {
    entryPoints: [path.join(widgetDir, 'src', 'main.ts')],
    outfile: WIDGET_OUTFILE,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    // ASCII output (the default): texts in Chinese and Japanese are \u escapes, so the script reads
    // the same on a page in any encoding, whatever charset it is served with.
    logLevel: 'silent',
  };
}

/** Bundles the widget; `write: true` also writes the bundle to WIDGET_OUTFILE. */
export async function bundleWidget({ write = false } = {}) {
  const result = await build({ ...options(), write: false });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no widget bundle');
  const code = output.text;
  if (write) {
    await mkdir(path.dirname(WIDGET_OUTFILE), { recursive: true });
    await writeFile(WIDGET_OUTFILE, code);
  }
  return { code, outfile: WIDGET_OUTFILE };
}

/** Rebuilds WIDGET_OUTFILE on every change of the sources (`npm run dev`); the apps serve the new one. */
export async function watchWidget() {
  const watcher = await context({ ...options(), write: true, logLevel: 'warning' });
  await watcher.watch();
  return watcher;
}
