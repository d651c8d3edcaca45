// @long-running: starts first (vitest.config.ts), so that it never holds a worker alone at the end.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * `npm run gen:module` (scripts/gen-module/cli.mjs) on a copy of the repository: it must derive a
 * module that type-checks, lints and passes its own API test, and refuse bad input without
 * touching a file. The copy shares the installed node_modules through symlinks.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SKIP = new Set(['node_modules', '.git', 'dist', '.tmp', 'data', 'test-results']);

let copy = '';

interface Run {
  code: number | null;
  out: string;
}

/** Commands still running: a test that fails on its own time limit leaves them to afterAll. */
const running = new Set<ChildProcess>();

/**
 * Runs a command in the copy without the outer vitest's environment. It has no deadline of its
 * own: on a loaded two-core machine a type check and a nested test run took past six minutes once,
 * and a deadline only decided how long a broken run takes to fail, which the test's limit does.
 */
function run(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<Run> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/VITEST/i.test(k)));
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: copy,
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...opts,
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    running.add(child);
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      resolve({ code, out });
    });
  });
}

const generate = (...args: string[]) => run(process.execPath, ['scripts/gen-module/cli.mjs', ...args]);
const bin = (name: string) => path.join(copy, 'node_modules', '.bin', name);

/** Every file of the copy (outside node_modules) with its content. */
function tree(dir = copy, out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === '.tmp') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) tree(p, out);
    else if (e.isFile()) out.set(path.relative(copy, p), readFileSync(p, 'latin1'));
  }
  return out;
}

/** Where a link to p should point in the copy: into the copy for the repository's own packages. */
function linkTarget(p: string): string {
  const inside = path.relative(REPO, realpathSync(p));
  return inside.startsWith('..') || inside.split(path.sep).includes('node_modules') ? p : path.join(copy, inside);
}

/**
 * A node_modules of links to the real one's entries, except workspace packages
 * (`@agent-console/*`), which must point into the copy, not back at the repository.
 */
function linkNodeModules(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.name.startsWith('.') && e.name !== '.bin') continue; // caches stay out of the copy
    const source = path.join(from, e.name);
    const scoped = e.name.startsWith('@') ? readdirSync(source).map((x) => path.join(source, x)) : [];
    if (scoped.some((p) => linkTarget(p) !== p)) {
      mkdirSync(path.join(to, e.name));
      for (const p of scoped) symlinkSync(linkTarget(p), path.join(to, e.name, path.basename(p)));
    } else {
      symlinkSync(linkTarget(source), path.join(to, e.name));
    }
  }
}

/**
 * The generator writes the same files whichever database the tests run on, and the generated
 * module is the post module's copy, which both runs test; so the PostgreSQL run leaves this file
 * to the embedded-database run (it costs a minute of CPU: three type checks and a test run).
 */
const onPostgres = inject('databaseTemplate').kind === 'postgres';

beforeAll(() => {
  if (onPostgres) return;
  copy = mkdtempSync(path.join(tmpdir(), 'gen-module-'));
  // Others may be moving files while we copy: a file gone between listing and copying is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      cpSync(REPO, copy, { recursive: true, force: true, filter: (src) => !SKIP.has(path.basename(src)) });
      break;
    } catch (e) {
      if (attempt === 3 || (e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      rmSync(copy, { recursive: true, force: true });
      mkdirSync(copy);
    }
  }
  linkNodeModules(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'));
  for (const group of ['apps', 'packages']) {
    for (const ws of readdirSync(path.join(REPO, group))) {
      const nm = path.join(REPO, group, ws, 'node_modules');
      if (existsSync(nm)) linkNodeModules(nm, path.join(copy, group, ws, 'node_modules'));
    }
  }
}, 120_000);

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('npm run gen:module', () => {
  it('works on a copy whose workspace packages resolve into the copy', () => {
    for (const pkg of readdirSync(path.join(copy, 'node_modules', '@agent-console'))) {
      const real = realpathSync(path.join(copy, 'node_modules', '@agent-console', pkg));
      expect(real.startsWith(realpathSync(copy)), `${pkg} → ${real}`).toBe(true);
    }
    expect(readlinkSync(path.join(copy, 'node_modules', 'vitest'))).toBe(path.join(REPO, 'node_modules', 'vitest'));
  });

  it('refuses a missing or invalid name and changes nothing', async () => {
    const before = tree();
    for (const [args, says] of [
      [[], /Usage/],
      [['Widget'], /Invalid module name "Widget"/],
      [['9lives'], /Invalid module name/],
      [['my_widget'], /Invalid module name/],
      [['wid--get'], /Invalid module name/],
      [['class'], /reserved word/],
      [['a', 'b'], /One module at a time/],
    ] as const) {
      const r = await generate(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.out, args.join(' ')).toMatch(says);
    }
    expect(tree()).toEqual(before);
  });

  let created: string[] = [];
  let changed: string[] = [];

  it('derives "widget" from the post feature: its own files, one line in MODULES, its migration', async () => {
    const before = tree();
    // the repository's own script, pointed at the copy
    const r = await run(process.execPath, [
      path.join(REPO, 'scripts', 'gen-module', 'cli.mjs'),
      'widget',
      '--root',
      copy,
    ]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('Next steps');
    const after = tree();
    created = [...after.keys()].filter((p) => !before.has(p)).sort();
    changed = [...after.keys()].filter((p) => before.has(p) && before.get(p) !== after.get(p)).sort();
    for (const p of [...created, ...changed]) expect(r.out, `listed: ${p}`).toContain(p);
    expect([...before.keys()].filter((p) => !after.has(p))).toEqual([]);

    const has = (re: RegExp) => created.some((p) => re.test(p.split(path.sep).join('/')));
    for (const re of [
      /^packages\/contracts\/src\/system-widget\.ts$/,
      /^packages\/contracts\/src\/system-widget\.permissions\.ts$/,
      /^apps\/server\/src\/modules\/system\/widget\/widget\.routes\.ts$/,
      /^apps\/server\/src\/modules\/system\/widget\/module\.ts$/,
      /^apps\/server\/src\/modules\/system\/widget\/widget\.service\.ts$/,
      /^apps\/server\/src\/modules\/system\/widget\/widget\.test\.ts$/,
      /^apps\/server\/src\/modules\/system\/widget\/widget\.schema\.ts$/,
      /^apps\/server\/src\/db\/migrations\/\d{4}_widgets\.sql$/,
      /^apps\/server\/src\/db\/migrations\/meta\/\d{4}_snapshot\.json$/,
      /^apps\/web\/src\/platform\/resources\/system-widget\.ts$/,
      /^apps\/web\/src\/features\/system\/widget\/index\.page\.tsx$/,
      /^apps\/web\/src\/features\/system\/widget\/pages\.ts$/,
      /^apps\/web\/src\/features\/system\/widget\/WidgetDialog\.tsx$/,
      /^apps\/web\/src\/platform\/i18n\/locales\/(en|ja|zh-chs|zh-cht)\/system-widget\.json$/,
    ]) {
      expect(has(re), String(re)).toBe(true);
    }
    for (const lng of ['en', 'ja', 'zh-chs', 'zh-cht']) {
      expect(created).toContain(path.join('apps/web/src/platform/i18n/locales', lng, 'system-widget.json'));
    }

    // No word of "post" is left in the new files but the HTTP method, `.post(` calls and postgres.
    for (const p of created.filter((x) => !x.includes(`${path.sep}meta${path.sep}`))) {
      const rest = after
        .get(p)
        ?.replace(/'POST'/g, '')
        .replace(/\bPOST \//g, '')
        .replace(/\.post(?=[<(])/g, '')
        .replace(/postgre\w*/gi, '')
        .replace(/derived from the "?posts"? table/g, '');
      expect(rest, p).not.toMatch(/post/i);
    }
    // Acceptance of issue 35: outside its own new files, a feature touches only MODULES (its
    // import and its line) and the migration journal drizzle keeps beside the new migration.
    const text = (p: string) => after.get(p) ?? '';
    const gained = (re: RegExp) => changed.filter((p) => re.test(text(p)) && !re.test(before.get(p) ?? ''));
    expect(changed.map((p) => p.split(path.sep).join('/'))).toEqual([
      'apps/server/src/db/migrations/meta/_journal.json',
      'apps/server/src/modules.ts',
    ]);
    expect(gained(/import \{ widgetModule \} from/).length, 'module list import').toBe(1);
    expect(gained(/^\s*widgetModule,$/m).length, 'module list (MODULES)').toBe(1);
    // Its permission codes, tables and menu are its own, declared in its own files.
    const own = (suffix: string) => text(created.find((p) => p.split(path.sep).join('/').endsWith(suffix)) ?? '');
    expect(own('contracts/src/system-widget.permissions.ts')).toMatch(
      /WIDGET_PERMISSIONS = \{\s+list: 'system:widget:list'/,
    );
    expect(own('widget/module.ts')).toMatch(/'SystemWidget',\s+'\/system\/widget',\s+'system\/widget\/index'/);
    expect(own('widget/module.ts')).toContain('permissions: [WIDGET_PERMISSIONS]');
    expect(own('widget/module.ts')).toContain("tables: ['widgets'],");
    expect(own('widget/widget.schema.ts')).toMatch(/pgTable\(\s*'widgets'/);
    expect(own('widget/widget.schema.ts')).not.toMatch(/user_/);
    const journal = changed.find((p) => p.endsWith('_journal.json'));
    const entries = JSON.parse(text(journal ?? '')).entries as { tag: string; when: number }[];
    const [prev, last] = entries.slice(-2);
    expect(last?.tag).toMatch(/_widgets$/);
    expect(last?.when).toBeGreaterThan(prev?.when ?? 0);
  });

  it('refuses a name that already exists and changes nothing', async () => {
    const before = tree();
    for (const name of ['widget', 'post', 'user']) {
      const r = await generate(name);
      expect(r.code, name).toBe(1);
      expect(r.out, name).toMatch(new RegExp(`Module "${name}" already exists`));
    }
    expect(tree()).toEqual(before);
  });

  it('the copy type-checks and lints; the widget API test and the route matrix pass', async () => {
    const results = path.join(copy, '.tmp', 'vitest.json');
    const lintable = [...created, ...changed].filter((p) => /\.(ts|tsx|json)$/.test(p) && !p.includes('migrations'));
    const [contracts, server, web, lint, tests] = await Promise.all([
      run(bin('tsc'), ['-p', 'packages/contracts', '--noEmit']),
      run(bin('tsc'), ['-p', 'apps/server', '--noEmit']),
      run(bin('tsc'), ['-p', 'apps/web', '--noEmit']),
      run(bin('biome'), ['check', ...lintable]),
      run(process.execPath, [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--project',
        'api',
        'apps/server/src/modules/system/widget/widget.test.ts',
        'apps/server/src/http/route-matrix.test.ts',
        // the route matrix's cases that take every route, new ones included
        '-t',
        'widget|declares only known permission codes|every private route|every route that declares a permission',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${results}`,
      ]),
    ]);
    // Errors in the generated or edited files are the generator's; others mean the checkout itself
    // does not type-check at the moment (say, a refactor under way).
    const ours = [...created, ...changed].map((p) => p.split(path.sep).join('/'));
    for (const [project, r] of [
      ['packages/contracts', contracts],
      ['apps/server', server],
      ['apps/web', web],
    ] as const) {
      const errors = r.out.split('\n').filter((l) => /error TS\d+/.test(l));
      expect(
        errors.filter((l) => ours.some((p) => l.startsWith(p))),
        `${project}: type errors in generated or edited files`,
      ).toEqual([]);
      expect(r.code, `${project}: type errors outside the generated module (the checkout itself):\n${r.out}`).toBe(0);
    }
    expect(lint.code, lint.out).toBe(0);
    expect(tests.code, tests.out).toBe(0);
    const report = JSON.parse(readFileSync(results, 'utf8')) as {
      testResults: { name: string; assertionResults: { status: string; title: string }[] }[];
    };
    const passed = (file: string) =>
      report.testResults
        .filter((r) => r.name.endsWith(file))
        .flatMap((r) => r.assertionResults)
        .filter((a) => a.status === 'passed');
    expect(passed('widget.test.ts').length).toBeGreaterThanOrEqual(4);
    expect(passed('route-matrix.test.ts').length).toBeGreaterThanOrEqual(3);
    // Three type checks and a nested test run: 4½ minutes in a whole run on two loaded cores.
  }, 900_000);

  it('leaves drizzle-kit nothing to add for the widget table', async () => {
    const dir = path.join(copy, 'apps/server/src/db/migrations');
    const before = new Set(readdirSync(dir));
    const r = await run(bin('drizzle-kit'), ['generate', '--config', 'apps/server/drizzle.config.ts']);
    const added = readdirSync(dir).filter((f) => !before.has(f));
    for (const f of added) expect(readFileSync(path.join(dir, f), 'utf8'), `${f}\n${r.out}`).not.toContain('"widgets"');
    expect(r.out).toMatch(/widgets\s+9 columns/);
  }, 300_000);

  it('refuses when a registration point is missing and changes nothing', async () => {
    // Without the line listing the post feature in MODULES there is nothing to put the new line beside.
    const registrar = [...tree().entries()].find(
      ([p, s]) => p.startsWith(path.join('apps', 'server', 'src')) && /^\s*postModule,$/m.test(s),
    );
    expect(registrar).toBeDefined();
    const [file, content] = registrar ?? ['', ''];
    writeFileSync(path.join(copy, file), content.replace(/^\s*postModule,\n/m, ''));
    const before = tree();
    const r = await generate('gadget');
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/Registration point not found: module list \(MODULES\)/);
    expect(tree()).toEqual(before);
  });
});
