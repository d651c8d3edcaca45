import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-database';
import { columnArray } from './column-array';

/**
 * Bulk writers send each column as one array (issue 38). Whatever a user's text holds must come
 * back as it went in, on both drivers: array syntax (braces, commas, quotes, backslashes), the word
 * NULL, empty strings, real nulls, whitespace and other scripts.
 */
describe('a column sent as one array', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(inject('databaseTemplate'));
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('comes back row by row exactly as it was sent', async () => {
    const rows = [
      { n: 1, text: 'plain' },
      { n: -2, text: '{"a", b}' },
      { n: 3, text: 'back\\slash and "quote" and \'single\'' },
      { n: 4, text: 'NULL' },
      { n: 5, text: '' },
      { n: 6, text: null },
      { n: 7, text: '  spaced\ttab\nnewline  ' },
      { n: 8, text: '如何配置？ émoji 🚀 ,;()[]' },
    ];
    const { rows: back } = await database.db.execute<{ n: number; text: string | null }>(sql`
      select n, text from unnest(${columnArray(rows, (r) => r.n, 'int4')}, ${columnArray(rows, (r) => r.text, 'text')})
        as r(n, text)`);
    expect(back).toEqual(rows);
  });

  it('sends an empty batch as an empty array', async () => {
    const { rows: back } = await database.db.execute<{ n: number }>(
      sql`select n from unnest(${columnArray([] as number[], (n) => n, 'int4')}) as r(n)`,
    );
    expect(back).toEqual([]);
  });
});
