import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Edge, edgesOf, folderCycles, readSources, type Sources } from '../test/import-graph';

/**
 * The layering of docs/architecture.md, checked from the sources.
 *
 * Server: its folders are the top-level directories of src (`db`, `http`, `lib`, `jobs`, `storage`,
 * `integrations`, `ops`), each feature `modules/<context>/<feature>`, and the root files (`app.ts`,
 * `main.ts`, …) as one. Between them: (a) no cycle, (b) nothing in `http/` imports a module, (c)
 * nothing below the root imports a root file (`app.ts` is the composition root), (d) the folders
 * below the modules import only the layers under them, (e) a feature imports features of its own
 * context and of lower contexts only, and every feature is in a context of the map, (f) every
 * feature folder has a `module.ts` listed in `MODULES` (src/modules.ts), (g) a feature's tables
 * (its `<feature>.schema.ts`) are imported by its own folder only: another feature goes through
 * its `.repo.ts`, and only another schema file (a foreign key) or a test may name them.
 *
 * Web: four folders, lowest first `platform` < `ui` < `features` < `app`; a file imports only its
 * own folder and those below; a feature (`features/<context>/<feature>`) never imports another;
 * the contexts are those of the map; no cycle between the parts of `platform/` and `ui/`
 * (`app/` is the composition root, one part, as the server's root files are).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const WEB_SRC = path.resolve(SRC, '../../web/src');
const ROOT = '(root)';

/** What each folder below the modules may import (docs/architecture.md, "Server layering"). */
const LOWER_LAYERS: Record<string, string[]> = {
  lib: [],
  db: ['lib'],
  storage: ['lib'],
  integrations: ['lib'],
  jobs: ['db', 'lib', 'storage'],
  http: ['db', 'lib', 'storage', 'integrations', 'jobs'],
  ops: ['db', 'lib', 'storage'],
};

/**
 * The business contexts of docs/architecture.md, lowest first; contexts on one level do not
 * import each other. A feature (`modules/<context>/<feature>`) imports features of its own
 * context and of lower levels only.
 */
const CONTEXT_LEVELS: string[][] = [
  ['system'],
  ['notify', 'knowledge'],
  ['config'],
  ['agent'],
  ['channels', 'messaging'],
  ['automation'],
  // The reports read what the features below them write (the roll-ups are messaging's, kept as
  // messages are logged; the quotas config's), so they stand above every feature they report on.
  ['insight'],
  // The demo sets up a customer with every feature in use, so it stands above all of them.
  ['demo'],
];
const levelOf = (context: string) => CONTEXT_LEVELS.findIndex((level) => level.includes(context));

/** The folder of a server file, by the definition above. */
function serverFolder(file: string, src = SRC): string {
  const parts = path.relative(src, file).split(path.sep);
  if (parts.length === 1) return ROOT;
  if (parts[0] === 'modules' && parts.length > 3) return `modules/${parts[1]}/${parts[2]}`;
  if (parts[0] === 'modules') return `modules/${parts[1] ?? ''}`;
  return parts[0] ?? ROOT;
}

/** Every breach of the server's folder rules, each naming the files that cause it. */
function serverViolations(files: Sources, src = SRC): string[] {
  const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');
  const folder = (file: string) => serverFolder(file, src);
  const crossing = edgesOf(files).filter((e) => e.to.startsWith(src + path.sep) && folder(e.from) !== folder(e.to));
  const found = folderCycles(crossing, folder, rel);
  for (const e of crossing) {
    const [from, to] = [folder(e.from), folder(e.to)];
    const allowed = LOWER_LAYERS[from];
    if (from === 'http' && to.startsWith('modules')) found.push(`http imports a module: ${rel(e.from)} → ${rel(e.to)}`);
    else if (to === ROOT) found.push(`imports the composition root: ${rel(e.from)} → ${rel(e.to)}`);
    else if (allowed && !allowed.includes(to))
      found.push(`${from} may not import ${to}: ${rel(e.from)} → ${rel(e.to)}`);
    else if (from.startsWith('modules/') && to.startsWith('modules/')) {
      const [a, b] = [from.split('/')[1] ?? '', to.split('/')[1] ?? ''];
      if (a !== b && levelOf(b) >= levelOf(a))
        found.push(`context ${a} may not import ${b}: ${rel(e.from)} → ${rel(e.to)}`);
      else if (e.to.endsWith('.schema.ts') && !/\.(schema|test)\.ts$/.test(e.from))
        found.push(`reaches into the tables of ${to} (use its .repo.ts): ${rel(e.from)} → ${rel(e.to)}`);
    }
  }
  for (const file of files.keys()) {
    const parts = rel(file).split('/');
    if (parts[0] === 'modules' && (parts.length < 4 || levelOf(parts[1] ?? '') < 0))
      found.push(`not in modules/<context>/<feature>/ of a context of the map: ${rel(file)}`);
  }
  return found;
}

/** The web's folders, lowest first (docs/architecture.md, "Web layering"). */
const WEB_LAYERS = ['platform', 'ui', 'features', 'app'];
/** The business contexts of the map (docs/architecture.md), which name the web's feature groups. */
const CONTEXTS = ['system', 'notify', 'knowledge', 'insight', 'config', 'agent', 'channels', 'messaging', 'automation'];

/** `app`, `platform/<part>`, `ui/<part>` or `features/<context>/<feature>`; (root) for a loose file. */
function webPart(file: string, src: string): string {
  const parts = path.relative(src, file).split(path.sep);
  const [top] = parts;
  if (parts.length === 1 || !top || !WEB_LAYERS.includes(top)) return ROOT;
  if (top === 'app') return 'app';
  const depth = top === 'features' ? 3 : 2;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

/** Every breach of the web's folder rules, each naming the files that cause it. */
function webViolations(files: Sources, src = WEB_SRC): string[] {
  const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');
  const part = (file: string) => webPart(file, src);
  const layer = (file: string) => WEB_LAYERS.indexOf(rel(file).split('/')[0] ?? '');
  const found: string[] = [];
  for (const file of files.keys()) {
    const parts = rel(file).split('/');
    if (part(file) === ROOT) found.push(`outside ${WEB_LAYERS.join(', ')}: ${rel(file)}`);
    else if (parts[0] === 'features' && (parts.length < 4 || !CONTEXTS.includes(parts[1] ?? '')))
      found.push(`not in features/<context>/<feature>/ of a context of the map: ${rel(file)}`);
  }
  const crossing: Edge[] = edgesOf(files).filter((e) => e.to.startsWith(src + path.sep) && part(e.from) !== part(e.to));
  for (const e of crossing) {
    const [from, to] = [part(e.from), part(e.to)];
    if (layer(e.to) > layer(e.from))
      found.push(
        `${WEB_LAYERS[layer(e.from)]} may not import ${WEB_LAYERS[layer(e.to)]}: ${rel(e.from)} → ${rel(e.to)}`,
      );
    else if (from.startsWith('features/') && to.startsWith('features/'))
      found.push(`feature ${from} imports feature ${to}: ${rel(e.from)} → ${rel(e.to)}`);
  }
  return [...folderCycles(crossing, part, rel), ...found];
}

describe('server import graph', () => {
  it('has no folder cycle, no http → modules import, no import of the composition root, no upward import', () => {
    const files = readSources(SRC, /\.ts$/);
    expect(files.size).toBeGreaterThan(100);
    expect(serverViolations(files)).toEqual([]);
  });

  it('lists every feature in MODULES, each by the module.ts of its own folder', () => {
    const modulesDir = path.join(SRC, 'modules');
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((c) => c.isDirectory())
      .flatMap((c) =>
        readdirSync(path.join(modulesDir, c.name), { withFileTypes: true })
          .filter((f) => f.isDirectory())
          .map((f) => `${c.name}/${f.name}`),
      );
    const list = readFileSync(path.join(SRC, 'modules.ts'), 'utf8');
    const listed = [...list.matchAll(/from '\.\/modules\/([a-z-]+\/[a-z-]+)\/module'/g)].map((m) => m[1]);
    expect(folders.length).toBeGreaterThan(25);
    expect(folders.filter((f) => !listed.includes(f))).toEqual([]);
    for (const folder of folders) {
      const manifest = readFileSync(path.join(modulesDir, folder, 'module.ts'), 'utf8');
      expect(manifest, folder).toContain(`name: '${folder}'`);
    }
  });

  it('keeps what tests share out of src (apps/server/test/ holds it; esbuild bundles src)', () => {
    const helpers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else if (/\.test-helper\.ts$|(^|[-.])fixtures?\.ts$/.test(entry.name))
          helpers.push(path.relative(SRC, path.join(dir, entry.name)));
      }
    };
    walk(SRC);
    expect(helpers).toEqual([]);
  });

  it('the checker reports each kind of breach with the files causing it', () => {
    const src = path.join(path.sep, 'virtual', 'src');
    const at = (file: string) => path.join(src, ...file.split('/'));
    const planted: Sources = new Map([
      [at('app.ts'), "import { x } from './modules/system/a/a.routes';"],
      [
        at('modules/system/a/a.routes.ts'),
        "import type { Deps } from '../../../app';\nimport { b } from '../../config/b/b.service';",
      ],
      [at('modules/config/b/b.service.ts'), "export { a } from '../../system/a/a.routes';"],
      [at('modules/billing/c/c.ts'), 'export const c = 1;'],
      [at('modules/system/a/a.schema.ts'), 'export const as = 1;'],
      [at('modules/system/a/a.repo.ts'), "import { as } from './a.schema';\nexport const rows = as;"],
      [at('modules/system/d/d.service.ts'), "import { as } from '../a/a.schema';\nimport { rows } from '../a/a.repo';"],
      [at('modules/system/d/d.schema.ts'), "import { as } from '../a/a.schema';"],
      [at('http/guard.ts'), "const load = () => import('../modules/config/b/b.service');"],
      [at('lib/tree.ts'), "/**\n * import { no } from '../http/guard';\n */\nexport const tree = 1;"],
      [at('db/like.ts'), "import { guard } from '../http/guard';"],
    ]);
    const found = serverViolations(planted, src);
    expect(found).toEqual([
      'cycle (root) → modules/system/a → (root): (root) → modules/system/a (app.ts); modules/system/a → (root) (modules/system/a/a.routes.ts)',
      'cycle modules/config/b → modules/system/a → modules/config/b: modules/config/b → modules/system/a (modules/config/b/b.service.ts); modules/system/a → modules/config/b (modules/system/a/a.routes.ts)',
      'imports the composition root: modules/system/a/a.routes.ts → app.ts',
      'context system may not import config: modules/system/a/a.routes.ts → modules/config/b/b.service.ts',
      'reaches into the tables of modules/system/a (use its .repo.ts): modules/system/d/d.service.ts → modules/system/a/a.schema.ts',
      'http imports a module: http/guard.ts → modules/config/b/b.service.ts',
      'db may not import http: db/like.ts → http/guard.ts',
      'not in modules/<context>/<feature>/ of a context of the map: modules/billing/c/c.ts',
    ]);
  });
});

describe('web import graph', () => {
  it('platform < ui < features < app, no feature imports another, no cycle between parts', () => {
    const files = readSources(WEB_SRC, /\.tsx?$/);
    expect(files.size).toBeGreaterThan(100);
    expect(webViolations(files)).toEqual([]);
  });

  it('the checker reports each kind of breach with the files causing it', () => {
    const src = path.join(path.sep, 'virtual', 'web');
    const at = (file: string) => path.join(src, ...file.split('/'));
    const planted: Sources = new Map([
      [
        at('features/system/user/index.page.tsx'),
        "import { RoleTag } from '../role/RoleTag';\nimport { Row } from './Row';",
      ],
      [at('features/system/user/Row.tsx'), "import { Panel } from '../../../ui/crud/Panel';"],
      [at('features/system/role/RoleTag.tsx'), "import { shell } from '../../../app/shell';"],
      [at('features/billing/invoice/index.page.tsx'), 'export const x = 1;'],
      [at('ui/crud/Panel.tsx'), "import { t } from '../../platform/i18n';"],
      [at('platform/i18n/index.ts'), "import { cookie } from '../stores/cookies';"],
      [at('platform/stores/cookies.ts'), "import { t } from '../i18n';\nimport { Panel } from '../../ui/crud/Panel';"],
      [at('app/shell.tsx'), "import { Row } from '../features/system/user/Row';"],
      [at('helpers.ts'), 'export const y = 2;'],
    ]);
    expect(webViolations(planted, src)).toEqual([
      'cycle platform/i18n → platform/stores → platform/i18n: platform/i18n → platform/stores (platform/i18n/index.ts); platform/stores → platform/i18n (platform/stores/cookies.ts)',
      'cycle platform/i18n → platform/stores → ui/crud → platform/i18n: platform/i18n → platform/stores (platform/i18n/index.ts); platform/stores → ui/crud (platform/stores/cookies.ts); ui/crud → platform/i18n (ui/crud/Panel.tsx)',
      'cycle app → features/system/user → features/system/role → app: app → features/system/user (app/shell.tsx); features/system/user → features/system/role (features/system/user/index.page.tsx); features/system/role → app (features/system/role/RoleTag.tsx)',
      'not in features/<context>/<feature>/ of a context of the map: features/billing/invoice/index.page.tsx',
      'outside platform, ui, features, app: helpers.ts',
      'feature features/system/user imports feature features/system/role: features/system/user/index.page.tsx → features/system/role/RoleTag.tsx',
      'features may not import app: features/system/role/RoleTag.tsx → app/shell.tsx',
      'platform may not import ui: platform/stores/cookies.ts → ui/crud/Panel.tsx',
    ]);
  });
});
