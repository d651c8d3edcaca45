import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

/**
 * Which feature reaches into which other feature's tables, read from the sources: a feature's
 * files importing a table (from `db/schema` or another feature's `*.schema.ts`) that another
 * feature's manifest owns. Tests do not count: they set rows up wherever they need to.
 */

/** SQL name of every table a schema module exports, by export name. */
export function tablesOf(schemaModule: Record<string, unknown>): Map<string, string> {
  const names = new Map<string, string>();
  for (const [exportName, value] of Object.entries(schemaModule)) {
    if (is(value, PgTable)) names.set(exportName, getTableName(value));
  }
  return names;
}

/** Every `*.schema.ts` under a folder. */
export function schemaFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...schemaFilesUnder(full));
    else if (entry.name.endsWith('.schema.ts')) found.push(full);
  }
  return found;
}

const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g;

/** The names a file imports from schema modules (db/schema or a `*.schema.ts`). */
export function importedSchemaNames(source: string, file: string, src: string): string[] {
  const names: string[] = [];
  for (const [, list = '', specifier = ''] of source.matchAll(IMPORT)) {
    if (!specifier.startsWith('.')) continue;
    const target = path
      .relative(src, path.resolve(path.dirname(file), specifier))
      .split(path.sep)
      .join('/');
    if (target !== 'db/schema' && !target.startsWith('db/schema/') && !target.endsWith('.schema')) continue;
    for (const item of list.split(',')) {
      const name = item
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** `feature → tables of other features it imports`, sorted, for every feature folder. */
export function crossings(
  src: string,
  tableByExport: ReadonlyMap<string, string>,
  ownerOf: ReadonlyMap<string, string>,
): Record<string, string[]> {
  const found: Record<string, Set<string>> = {};
  const modules = path.join(src, 'modules');
  const walk = (dir: string, feature: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, feature);
      // A schema file names other tables for its foreign keys; a test sets rows up where it needs.
      else if (entry.name.endsWith('.ts') && !/\.(test|schema)\.ts$/.test(entry.name)) {
        for (const name of importedSchemaNames(readFileSync(full, 'utf8'), full, src)) {
          const table = tableByExport.get(name);
          const owner = table && ownerOf.get(table);
          if (!table || owner === feature) continue;
          const tables = found[feature] ?? new Set<string>();
          tables.add(table);
          found[feature] = tables;
        }
      }
    }
  };
  for (const context of readdirSync(modules)) {
    for (const feature of readdirSync(path.join(modules, context))) {
      walk(path.join(modules, context, feature), `${context}/${feature}`);
    }
  }
  return Object.fromEntries(
    Object.entries(found)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([feature, tables]) => [feature, [...tables].sort()]),
  );
}
