import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The seeded menu stores each screen's component path (`system/post/index`) and the features'
 * `pages.ts` tables map those paths to screens (page-registry.ts). A key mistyped, or dropped when
 * a file moves, would show the 404 page for that menu; this reads both sides as text.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEED = path.resolve(SRC, '../../server/src/db/seed/menu-tree.ts');

/** Every `pages.ts` entry of every feature: its key and the screen file it loads. */
function pageEntries(): [string, string][] {
  const entries: [string, string][] = [];
  const features = path.join(SRC, 'features');
  for (const context of readdirSync(features)) {
    for (const feature of readdirSync(path.join(features, context))) {
      const file = path.join(features, context, feature, 'pages.ts');
      if (!existsSync(file)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/^\s*'([^']+)': \(\) => import\('(\.\/[^']+)'\)/gm)) {
        const [, key = '', target = ''] = match;
        entries.push([key, path.join(path.dirname(file), `${target}.tsx`)]);
      }
    }
  }
  return entries;
}

describe('page registry', () => {
  const entries = pageEntries();
  const tables = new Map(entries);

  it('every component path of the seeded menu has a screen, and every listed screen exists', () => {
    const seeded = [...readFileSync(SEED, 'utf8').matchAll(/^\s*'([a-z-]+\/[a-z-]+\/[a-z-]+)',?$/gm)].map((m) => m[1]);
    expect(seeded.length).toBeGreaterThan(20);
    expect(seeded.filter((component) => !tables.has(component ?? ''))).toEqual([]);
    for (const [key, file] of tables) expect(readFileSync(file, 'utf8'), key).toMatch(/export default/);
  });

  it('no two features list the same component path', () => {
    expect(entries.length).toBe(tables.size);
  });
});
