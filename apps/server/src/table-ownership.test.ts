import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossings, schemaFilesUnder, sqlTablesOf, tablesOf } from '@agent-console/server/test/table-ownership';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from './db/schema';
import { MODULES } from './modules';

/**
 * A table has one owning feature (issue 35), named by the `tables` of its manifest; another
 * feature reaches it through the owner's repository only: no feature imports another's table or
 * names it in SQL.
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

  it('lets no feature reach into another feature’s tables', () => {
    const found = crossings(SRC, tableByExport, ownerOf);
    const crossed = Object.entries(found).flatMap(([feature, tables]) =>
      tables.map(
        (table) => `${feature} imports or names in SQL ${table} of ${ownerOf.get(table)}: go through its repository`,
      ),
    );
    expect(crossed).toEqual([]);
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

describe('the crossing finder, in SQL', () => {
  const owners = new Map([
    ['users', 'system/user'],
    ['bs', 'system/b'],
  ]);
  const tables = new Set(owners.keys());
  let src = '';
  beforeAll(() => {
    src = mkdtempSync(path.join(tmpdir(), 'sql-crossings-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
      writeFileSync(path.join(src, file), text);
    };
    write(
      'modules/system/a/a.repo.ts',
      [
        '// Rows come from bs, joined to users: a comment.',
        '/* update bs */',
        "const skip = /from bs'/g;",
        "const column = 'bs_id';",
        "const label = 'Taken from the list of users you see';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted file's own template literal
        'export const q = sql`select count(*) from "users" where "users".bs_id = ${column} ${sql`and exists (select 1 from bs_archive join ${skip} on true)`}`;',
      ].join('\n'),
    );
    write(
      'modules/system/c/c.service.ts',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted file's own template literal
      "export const q = sql`select 1 from ${sql`x ${sql`join bs b on true`}`}`;\nexport const d = 'DELETE FROM public.USERS';",
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted file's own template literal
    write('modules/system/b/b.repo.ts', 'export const q = sql`insert into bs (n) values (${1})`;');
    write('modules/system/c/c.test.ts', 'await db.execute(sql`truncate users, bs`);');
  });
  afterAll(() => rmSync(src, { recursive: true, force: true }));

  it('names the tables a feature’s SQL reads or writes, not a word in a comment, a sentence, a regex or a column', () => {
    expect(
      sqlTablesOf('db.execute(sql`update "bs" set n = 1 where id in (select b_id from users)`)', tables).sort(),
    ).toEqual(['bs', 'users']);
    expect(
      sqlTablesOf("// select * from users\nconst bsId = 'customer bs_id from'; const r = /into bs/;", tables),
    ).toEqual([]);
    expect(crossings(src, new Map(), owners)).toEqual({ 'system/a': ['users'], 'system/c': ['bs', 'users'] });
  });
});
