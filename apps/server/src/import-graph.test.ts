import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering of docs/architecture.md, checked from the sources. The server's folders are the
 * top-level directories of src (`db`, `http`, `lib`, `jobs`, `storage`, `integrations`, `ops`), each
 * `modules/<name>`, and the root files (`app.ts`, `main.ts`, …) as one. Between them:
 * (a) no cycle, (b) nothing in `http/` imports a module, (c) nothing below the root imports a root
 * file (`app.ts` is the composition root), (d) the folders below the modules import only the layers
 * under them. In the web app, a page folder never imports another page folder: shared pieces live
 * in `components/`.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const WEB_PAGES = path.resolve(SRC, '../../web/src/pages');
const ROOT = '(root)';

/** What each folder below the modules may import (docs/architecture.md, "Server layering"). */
const LOWER_LAYERS: Record<string, string[]> = {
  lib: [],
  db: ['lib'],
  storage: ['lib'],
  integrations: ['lib'],
  jobs: ['db', 'lib', 'storage'],
  http: ['db', 'lib', 'storage', 'integrations'],
  ops: ['db', 'lib', 'storage'],
};

type Sources = Map<string, string>;
interface Edge {
  from: string;
  to: string;
}

function readSources(dir: string, extensions: RegExp): Sources {
  const files: Sources = new Map();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (extensions.test(entry.name) && !isTestFile(entry.name)) files.set(full, readFileSync(full, 'utf8'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

function isTestFile(name: string): boolean {
  return /\.(test|spec)\.tsx?$|\.test-helper\.ts$|fixtures?\.ts$/.test(name);
}

/**
 * Relative specifiers of the static imports and re-exports (matched at the start of a line, so
 * doc comments do not count, type-only ones included) and of dynamic `import()` calls.
 */
function relativeImports(text: string): string[] {
  const found: string[] = [];
  const statics = /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"\n]+)['"]/gm;
  const dynamics = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
  for (const pattern of [statics, dynamics]) {
    for (const match of text.matchAll(pattern)) if (match[1]?.startsWith('.')) found.push(match[1]);
  }
  return found;
}

/** The file an import names: as written, or with a TypeScript extension, or a folder's index. */
function resolveImport(from: string, specifier: string, known: Sources): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => known.has(c)) ?? candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

function edgesOf(files: Sources): Edge[] {
  const edges: Edge[] = [];
  for (const [file, text] of files) {
    for (const specifier of relativeImports(text))
      edges.push({ from: file, to: resolveImport(file, specifier, files) });
  }
  return edges;
}

/** The folder of a server file, by the definition above. */
function serverFolder(file: string, src = SRC): string {
  const parts = path.relative(src, file).split(path.sep);
  if (parts.length === 1) return ROOT;
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0] ?? ROOT;
}

/** Strongly connected groups of more than one folder (Tarjan), each sorted. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/**
 * For each folder of a cyclic group, the shortest way back to itself within the group; the same
 * cycle found from two of its folders is reported once.
 */
function shortestCycles(graph: Map<string, Set<string>>, group: string[]): string[][] {
  const cycles = new Map<string, string[]>();
  for (const start of group) {
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length && !previous.has(start)) {
      const node = queue.shift() ?? start;
      for (const next of graph.get(node) ?? []) {
        if (!group.includes(next) || previous.has(next)) continue;
        previous.set(next, node);
        queue.push(next);
      }
    }
    const cycle = [start];
    for (let node = previous.get(start); node !== undefined && node !== start; node = previous.get(node)) {
      cycle.unshift(node);
    }
    const first = cycle.indexOf([...cycle].sort()[0] ?? start);
    const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
    cycles.set(rotated.join(' '), rotated);
  }
  return [...cycles.values()];
}

/** Every breach of the server's folder rules, each naming the files that cause it. */
function serverViolations(files: Sources, src = SRC): string[] {
  const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');
  const folder = (file: string) => serverFolder(file, src);
  const crossing = edgesOf(files).filter((e) => e.to.startsWith(src + path.sep) && folder(e.from) !== folder(e.to));
  const graph = new Map<string, Set<string>>();
  for (const e of crossing) {
    const targets = graph.get(folder(e.from)) ?? new Set<string>();
    targets.add(folder(e.to));
    graph.set(folder(e.from), targets);
  }
  const found: string[] = [];
  const hopFiles = (a: string, b: string) => {
    const names = crossing.filter((e) => folder(e.from) === a && folder(e.to) === b).map((e) => rel(e.from));
    const unique = [...new Set(names)];
    return unique.length > 3 ? [...unique.slice(0, 3), '…'].join(', ') : unique.join(', ');
  };
  for (const group of cyclesOf(graph)) {
    for (const cycle of shortestCycles(graph, group)) {
      const hops = cycle.map(
        (a, i) => `${a} → ${cycle[(i + 1) % cycle.length]} (${hopFiles(a, cycle[(i + 1) % cycle.length] ?? a)})`,
      );
      found.push(`cycle ${[...cycle, cycle[0]].join(' → ')}: ${hops.join('; ')}`);
    }
  }
  for (const e of crossing) {
    const [from, to] = [folder(e.from), folder(e.to)];
    const allowed = LOWER_LAYERS[from];
    if (from === 'http' && to.startsWith('modules')) found.push(`http imports a module: ${rel(e.from)} → ${rel(e.to)}`);
    else if (to === ROOT) found.push(`imports the composition root: ${rel(e.from)} → ${rel(e.to)}`);
    else if (allowed && !allowed.includes(to))
      found.push(`${from} may not import ${to}: ${rel(e.from)} → ${rel(e.to)}`);
  }
  return found;
}

/** `system/user` for pages/system/user/..., `login` for a file directly in pages/login. */
function pageFolder(file: string, pages: string): string | null {
  const parts = path.relative(pages, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : (parts[0] ?? null);
}

/** Every import from one page folder into another. */
function webPageViolations(files: Sources, pages = WEB_PAGES): string[] {
  const rel = (file: string) => path.relative(pages, file).split(path.sep).join('/');
  const found: string[] = [];
  for (const e of edgesOf(files)) {
    const from = pageFolder(e.from, pages);
    const to = pageFolder(e.to, pages);
    if (from && to && from !== to) found.push(`page ${from} imports page ${to}: ${rel(e.from)} → ${rel(e.to)}`);
  }
  return found;
}

describe('server import graph', () => {
  it('has no folder cycle, no http → modules import, no import of the composition root, no upward import', () => {
    const files = readSources(SRC, /\.ts$/);
    expect(files.size).toBeGreaterThan(100);
    expect(serverViolations(files)).toEqual([]);
  });

  it('the checker reports each kind of breach with the files causing it', () => {
    const src = path.join(path.sep, 'virtual', 'src');
    const at = (file: string) => path.join(src, ...file.split('/'));
    const planted: Sources = new Map([
      [at('app.ts'), "import { x } from './modules/a/a.routes';"],
      [at('modules/a/a.routes.ts'), "import type { Deps } from '../../app';\nimport { b } from '../b/b.service';"],
      [at('modules/b/b.service.ts'), "export { a } from '../a/a.routes';"],
      [at('http/guard.ts'), "const load = () => import('../modules/b/b.service');"],
      [at('lib/tree.ts'), "/**\n * import { no } from '../http/guard';\n */\nexport const tree = 1;"],
      [at('db/like.ts'), "import { guard } from '../http/guard';"],
    ]);
    const found = serverViolations(planted, src);
    expect(found).toEqual([
      'cycle (root) → modules/a → (root): (root) → modules/a (app.ts); modules/a → (root) (modules/a/a.routes.ts)',
      'cycle modules/a → modules/b → modules/a: modules/a → modules/b (modules/a/a.routes.ts); modules/b → modules/a (modules/b/b.service.ts)',
      'imports the composition root: modules/a/a.routes.ts → app.ts',
      'http imports a module: http/guard.ts → modules/b/b.service.ts',
      'db may not import http: db/like.ts → http/guard.ts',
    ]);
  });
});

describe('web pages', () => {
  it('no page folder imports another page folder (shared pieces belong in components/)', () => {
    const files = readSources(WEB_PAGES, /\.tsx?$/);
    expect(files.size).toBeGreaterThan(0);
    expect(webPageViolations(files)).toEqual([]);
  });

  it('the checker reports an import from one page folder into another', () => {
    const pages = path.join(path.sep, 'virtual', 'pages');
    const at = (file: string) => path.join(pages, ...file.split('/'));
    const planted: Sources = new Map([
      [at('system/user/index.page.tsx'), "import { RoleTag } from '../role/RoleTag';\nimport { Row } from './Row';"],
      [at('system/user/Row.tsx'), "import { Panel } from '../../../components/Panel';"],
      [at('system/role/RoleTag.tsx'), 'export const RoleTag = 1;'],
      [at('login/LoginForm.tsx'), "import { RoleTag } from '../system/role/RoleTag';"],
    ]);
    expect(webPageViolations(planted, pages)).toEqual([
      'page system/user imports page system/role: system/user/index.page.tsx → system/role/RoleTag.tsx',
      'page login imports page system/role: login/LoginForm.tsx → system/role/RoleTag.tsx',
    ]);
  });
});
