import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../../../bundle-options.mjs';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Issue 38: a parse worker boots for every QA import and document that arrives after a quiet
 * spell, and the import waits for it, so the worker loads only what every task needs. Bundled as
 * the build bundles it, its static imports name neither zod nor drizzle (about 0.2 s of a cold
 * worker's boot, for a few constants and a `sql` tag), and the PDF and old Word readers are loaded
 * by the first file that needs them.
 */
describe('the parse worker bundle', () => {
  it('loads no validation or query library, and the document readers only when needed', () => {
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    const result = esbuild.buildSync({
      ...bundleOptions(SERVER_ROOT),
      entryPoints: [path.join(SERVER_ROOT, 'src/modules/knowledge/documents/parse-worker.ts')],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    const statics = [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]);
    const dynamics = [...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]);
    expect(statics).toContain('@node-rs/jieba');
    for (const heavy of ['zod', 'drizzle-orm', 'unpdf', 'word-extractor']) expect(statics).not.toContain(heavy);
    expect(dynamics).toEqual(expect.arrayContaining(['unpdf', 'word-extractor']));
  });
});
