import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The seeded menu stores each screen's component path (`system/post/index`) and the features'
 * `pages.ts` tables map those paths to screens (page-registry.ts). A key mistyped, or dropped when
 * a file moves, would show the 404 page for that menu; this reads both sides as text (the web
 * cannot import the server).
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = path.resolve(SRC, '../../server/src');

/**
 * Where the seeded menu's pages are declared: each server feature's manifest
 * (`modules/<context>/<feature>/module.ts`) and the skeleton of what no feature owns.
 */
function seedFiles(): string[] {
  const folders = (dir: string) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(dir, entry.name));
  const manifests = folders(path.join(SERVER, 'modules'))
    .flatMap(folders)
    .map((feature) => path.join(feature, 'module.ts'))
    .filter((file) => existsSync(file));
  return [path.join(SERVER, 'db/seed/menu-tree.ts'), ...manifests];
}

/** The component paths in those files: every string of three plain segments (`system/post/index`). */
function seededComponents(): string[] {
  return seedFiles().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'([a-z-]+\/[a-z-]+\/[a-z-]+)'/g)].map((m) => m[1] ?? ''),
  );
}

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
    const seeded = seededComponents();
    expect(seeded.length).toBeGreaterThan(20);
    expect(seeded.filter((component) => !tables.has(component))).toEqual([]);
    for (const [key, file] of tables) expect(readFileSync(file, 'utf8'), key).toMatch(/export default/);
  });

  it('no two features list the same component path', () => {
    expect(entries.length).toBe(tables.size);
  });
});
