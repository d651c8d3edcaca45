import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiRoute } from '@agent-console/contracts';
import { useTestApp } from '@agent-console/server/test/test-app';
import { describe, expect, it } from 'vitest';

/**
 * Routes are declared once, in the contracts' path tables (`<FEATURE>_ROUTES`, api-route.ts): the
 * server registers at those paths and the web calls through them. This checks the three ways that
 * could drift: a table route the server does not serve (the web would call a dead path), a path
 * table whose keys differ from its schema table, and a path the web writes by itself.
 */
// In demo mode, so that the demo login (registered only there) is served too.
const t = useTestApp({ demo: true });
const REPO = path.resolve(import.meta.dirname, '../../../..');
const CONTRACTS = path.join(REPO, 'packages/contracts/src');

type Table = Record<string, ApiRoute>;

/** Every `<NAME>_ROUTES` and `<NAME>_ROUTE_SCHEMAS` export of every contract file. */
async function contractTables() {
  const paths = new Map<string, Table>();
  const schemas = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const exports = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (name.endsWith('_ROUTE_SCHEMAS'))
        schemas.set(name.replace(/_ROUTE_SCHEMAS$/, ''), value as Record<string, unknown>);
      else if (name.endsWith('_ROUTES')) paths.set(name.replace(/_ROUTES$/, ''), value as Table);
    }
  }
  return { paths, schemas };
}

describe('contract route tables', () => {
  it('every route of every path table is served, with its method', async () => {
    const { paths } = await contractTables();
    expect(paths.size).toBeGreaterThan(0);
    const served = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    const missing: string[] = [];
    for (const [feature, table] of paths) {
      for (const [key, route] of Object.entries(table)) {
        if (!served.has(`${route.method} ${route.path}`))
          missing.push(`${feature}.${key}: ${route.method} ${route.path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('each path table has a schema table with the same keys, and no path twice', async () => {
    const { paths, schemas } = await contractTables();
    const seen = new Map<string, string>();
    for (const [feature, table] of paths) {
      expect(Object.keys(schemas.get(feature) ?? {}).sort(), feature).toEqual(Object.keys(table).sort());
      for (const [key, route] of Object.entries(table)) {
        const line = `${route.method} ${route.path}`;
        expect(seen.get(line), `${feature}.${key}: ${line}`).toBeUndefined();
        seen.set(line, `${feature}.${key}`);
      }
    }
  });

  it('the web writes no API path of its own: it calls through the path tables', () => {
    const web = path.join(REPO, 'apps/web/src');
    const written: string[] = [];
    for (const file of readdirSync(web, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const lines = readFileSync(path.join(web, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/['"`]\/api\//.test(line)) written.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(written).toEqual([]);
  });
});
