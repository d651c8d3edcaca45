import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_CROSSINGS } from '@agent-console/server/test/table-crossings';
import { crossings, schemaFilesUnder, tablesOf } from '@agent-console/server/test/table-ownership';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from './db/schema';
import { MODULES } from './modules';

/**
 * A table has one owning feature (issue 35), named by the `tables` of its manifest; another
 * feature reaches it through the owner's repository. The crossings that predate the rule are
 * listed in apps/server/test/table-crossings.ts, and the list may only shrink.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
/** Tables of the shared layers, not of a feature: the gateway simulator's and the rate limiter's. */
const PLATFORM_TABLES = /^gwsim_|^rate_limit_hits$/;

const tableByExport = tablesOf(shared);
const ownerOf = new Map<string, string>();

beforeAll(async () => {
  for (const file of schemaFilesUnder(path.join(SRC, 'modules'))) {
    for (const [name, table] of tablesOf(await import(file))) tableByExport.set(name, table);
  }
  for (const feature of MODULES) for (const table of feature.tables) ownerOf.set(table, feature.name);
});

describe('table ownership', () => {
  it('gives every table of the schema exactly one owning feature, and no feature a table that does not exist', () => {
    const tables = new Set(tableByExport.values());
    const claims = MODULES.flatMap((feature) => feature.tables.map((table) => `${table} (${feature.name})`));
    const claimed = MODULES.flatMap((feature) => feature.tables);
    expect(
      claimed.filter((table, i) => claimed.indexOf(table) !== i),
      'owned twice',
    ).toEqual([]);
    expect(
      [...tables].filter((table) => !ownerOf.has(table) && !PLATFORM_TABLES.test(table)),
      'no owner',
    ).toEqual([]);
    expect(
      claims.filter((claim) => !tables.has(claim.split(' ')[0] ?? '')),
      'owned but not in the schema',
    ).toEqual([]);
  });

  it('lets no feature reach into another feature’s tables beyond the known crossings, and lists none that are gone', () => {
    const found = crossings(SRC, tableByExport, ownerOf);
    const fresh: string[] = [];
    const gone: string[] = [];
    for (const [feature, tables] of Object.entries(found)) {
      for (const table of tables) {
        if (!KNOWN_CROSSINGS[feature]?.includes(table))
          fresh.push(`${feature} imports ${table} of ${ownerOf.get(table)}: go through its repository`);
      }
    }
    for (const [feature, tables] of Object.entries(KNOWN_CROSSINGS)) {
      for (const table of tables) {
        if (!found[feature]?.includes(table)) gone.push(`${feature} no longer imports ${table}: take it off the list`);
      }
    }
    expect(fresh).toEqual([]);
    expect(gone).toEqual([]);
  });
});

describe('the crossing finder', () => {
  let src = '';
  beforeAll(() => {
    src = mkdtempSync(path.join(tmpdir(), 'crossings-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
      writeFileSync(path.join(src, file), text);
    };
    write(
      'modules/system/a/a.service.ts',
      "import { users, type Row } from '../../../db/schema';\nimport { bs } from '../b/b.schema';",
    );
    write('modules/system/a/a.schema.ts', "import { bs } from '../b/b.schema';");
    write('modules/system/a/a.test.ts', "import { bs } from '../b/b.schema';");
    write(
      'modules/system/b/b.service.ts',
      "import { bs } from './b.schema';\nimport { users } from '../../../db/schema/identity';",
    );
  });
  afterAll(() => rmSync(src, { recursive: true, force: true }));

  it('names each feature’s imports of other features’ tables, not its own, its schema files’ or its tests’', () => {
    const byExport = new Map([
      ['users', 'users'],
      ['bs', 'bs'],
    ]);
    const owners = new Map([
      ['users', 'system/user'],
      ['bs', 'system/b'],
    ]);
    expect(crossings(src, byExport, owners)).toEqual({ 'system/a': ['bs', 'users'], 'system/b': ['users'] });
  });
});
