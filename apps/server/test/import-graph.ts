import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph of a source tree, read as text: what the layering tests of the server and the
 * web (src/import-graph.test.ts) check their folder rules on.
 */
export type Sources = Map<string, string>;
export interface Edge {
  from: string;
  to: string;
}

/** Every non-test source file under dir, by absolute path. */
export function readSources(dir: string, extensions: RegExp): Sources {
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

export function edgesOf(files: Sources): Edge[] {
  const edges: Edge[] = [];
  for (const [file, text] of files) {
    for (const specifier of relativeImports(text))
      edges.push({ from: file, to: resolveImport(file, specifier, files) });
  }
  return edges;
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

/**
 * The folder cycles among edges that cross folders, each hop naming (up to three of) the files
 * that make it: `cycle a → b → a: a → b (a/x.ts); b → a (b/y.ts)`.
 */
export function folderCycles(
  crossing: Edge[],
  folder: (file: string) => string,
  rel: (file: string) => string,
): string[] {
  const graph = new Map<string, Set<string>>();
  for (const e of crossing) {
    const targets = graph.get(folder(e.from)) ?? new Set<string>();
    targets.add(folder(e.to));
    graph.set(folder(e.from), targets);
  }
  const hopFiles = (a: string, b: string) => {
    const names = crossing.filter((e) => folder(e.from) === a && folder(e.to) === b).map((e) => rel(e.from));
    const unique = [...new Set(names)];
    return unique.length > 3 ? [...unique.slice(0, 3), '…'].join(', ') : unique.join(', ');
  };
  const found: string[] = [];
  for (const group of cyclesOf(graph)) {
    for (const cycle of shortestCycles(graph, group)) {
      const hops = cycle.map(
        (a, i) => `${a} → ${cycle[(i + 1) % cycle.length]} (${hopFiles(a, cycle[(i + 1) % cycle.length] ?? a)})`,
      );
      found.push(`cycle ${[...cycle, cycle[0]].join(' → ')}: ${hops.join('; ')}`);
    }
  }
  return found;
}
