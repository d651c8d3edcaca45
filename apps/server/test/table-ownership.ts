import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

/**
 * Which feature reaches into which other feature's tables, read from the sources: a feature's
 * files importing a table (from `db/schema` or another feature's `*.schema.ts`) that another
 * feature's manifest owns, or naming one in the SQL of a string or template literal (`from`,
 * `join`, `update`, `into`, `truncate`), which no import shows. Tests do not count: they set rows
 * up wherever they need to.
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

/** Keywords after which a `/` opens a regex literal rather than dividing. */
const BEFORE_REGEX = /(?:^|[^\w$.])(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/;

/**
 * The text of a TypeScript file's string and template literals, each apart, a template's `${…}`
 * holes splitting it (the literals inside a hole are read too): comments, code and regex
 * literals are left out, so only text that can reach a database is searched for SQL.
 */
export function literalTextOf(source: string): string {
  const parts: string[] = [];
  /** Brace depth of the code in each open `${…}` hole, innermost last. */
  const holes: number[] = [];
  let i = 0;
  let last = ''; // the last character of code read: tells a regex from a division
  /** Reads a template from after its backtick (or a hole's closing brace) to its end or next hole. */
  const template = () => {
    let text = '';
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        i++;
        parts.push(text);
        last = '`';
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        parts.push(text);
        holes.push(0);
        last = '{';
        return;
      } else {
        text += c;
        i++;
      }
    }
    parts.push(text);
  };
  while (i < source.length) {
    const c = source[i] ?? '';
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === "'" || c === '"') {
      let text = '';
      for (i++; i < source.length && source[i] !== c && source[i] !== '\n'; i++) {
        if (source[i] === '\\') text += source[i++];
        text += source[i];
      }
      i++;
      parts.push(text);
      last = c;
    } else if (c === '`') {
      i++;
      template();
    } else if (
      c === '/' &&
      (/[^\w$)\]]/.test(last || '(') || BEFORE_REGEX.test(source.slice(Math.max(0, i - 12), i).trimEnd()))
    ) {
      // A regex literal: skipped whole, `/` in a character class included.
      let inClass = false;
      for (i++; i < source.length && source[i] !== '\n'; i++) {
        const r = source[i];
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
      }
      i++;
      last = '/';
    } else {
      const depth = holes.length - 1;
      if (c === '{' && depth >= 0) holes[depth] = (holes[depth] ?? 0) + 1;
      else if (c === '}' && depth >= 0) {
        if (!holes[depth]) {
          holes.pop();
          i++;
          template();
          continue;
        }
        holes[depth] = (holes[depth] ?? 1) - 1;
      }
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  // A NUL between literals: SQL's `\s+` never joins the end of one to the start of the next.
  return parts.join('\n\0\n');
}

/**
 * A table named where SQL reads or writes one: after `from` (`delete from` too), `join`,
 * `update`, `into` or `truncate [table]`, quoted or not, optionally in schema `public`. A column
 * such as `customer_id`, or a table's name anywhere else (a qualified column, a comment), does not
 * count; a sentence saying "from users" in a string would, the price of reading text, not SQL.
 */
const SQL_TABLE =
  /\b(?:from|join|update|into|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?("?)([a-z_][a-z0-9_$]*)\1(?![\w$"])/gi;

/** The tables among `tables` (SQL names) that a file's string and template literals name in SQL. */
export function sqlTablesOf(source: string, tables: ReadonlySet<string>): string[] {
  const named = new Set<string>();
  for (const [, quote = '', name = ''] of literalTextOf(source).matchAll(SQL_TABLE)) {
    // Unquoted, SQL folds a name to lower case; quoted, it is taken as written.
    const table = quote ? name : name.toLowerCase();
    if (tables.has(table)) named.add(table);
  }
  return [...named];
}

/** `feature → tables of other features it imports or names in SQL`, sorted, for every feature folder. */
export function crossings(
  src: string,
  tableByExport: ReadonlyMap<string, string>,
  ownerOf: ReadonlyMap<string, string>,
): Record<string, string[]> {
  const found: Record<string, Set<string>> = {};
  // Only an owned table can be crossed into (the platform's tables have no owner).
  const owned = new Set(ownerOf.keys());
  const modules = path.join(src, 'modules');
  const walk = (dir: string, feature: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, feature);
      // A schema file names other tables for its foreign keys; a test sets rows up where it needs.
      else if (entry.name.endsWith('.ts') && !/\.(test|schema)\.ts$/.test(entry.name)) {
        const source = readFileSync(full, 'utf8');
        const imported = importedSchemaNames(source, full, src).map((name) => tableByExport.get(name));
        for (const table of [...imported, ...sqlTablesOf(source, owned)]) {
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
