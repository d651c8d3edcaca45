import { BIG_ID, fieldLabel } from '@agent-console/contracts';
import { useTestApp } from '@agent-console/server/test/test-app';
import { defOf, walkSchema } from '@agent-console/server/test/zod-walk';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mapDatabaseDataError } from './error-handler';
import { findUnstorable, MAX_INPUT_DEPTH } from './input-guard';

/**
 * Issue 11, item 10: bad input once produced B0001 (NUL bytes, 2^31 ids, lone surrogates). The rule
 * now lives in the contract types and is checked here for every field of every route's schema, so
 * a new route that forgets `text()` or `idNumber()` fails this test instead of answering 5xx.
 */
const t = useTestApp();

/** Every string and number a client can send under this schema, with its path. */
function leaves(schema: z.ZodType, out: { path: string; schema: z.ZodType }[]): void {
  walkSchema(schema, (node) => {
    if (node.def.type === 'string' || node.def.type === 'number') out.push({ path: node.path, schema: node.schema });
  });
}

/** Values shaped like what fields usually take, to find one this field accepts. */
const TEXT_SAMPLES = [
  'abcdefgh',
  'abcdefghijklmnop',
  'abc',
  'a',
  'system:user:add',
  'a_b-c',
  '/system/user',
  'https://example.com/a',
  'user@example.com',
  '0 0 * * *',
  '2026-01-01T00:00:00.000Z',
  'Abcdef12!x',
];
const NUMBER_SAMPLES = [1, 0, 10];

function poison(sample: string, bad: string): string {
  const middle = Math.floor(sample.length / 2);
  return sample.length > 1 ? sample.slice(0, middle) + bad + sample.slice(middle + 1) : bad;
}

describe('contract types', () => {
  it('every text field of every route refuses NUL and lone surrogates; every number refuses 2^31 and 2^63', () => {
    const failures: string[] = [];
    let texts = 0;
    let numbers = 0;
    for (const route of t.app.routeTable) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = route.schema?.[part] as z.ZodType | undefined;
        if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') continue;
        const found: { path: string; schema: z.ZodType }[] = [];
        leaves(schema, found);
        for (const leaf of found) {
          const where = `${route.method} ${route.url} ${part}.${leaf.path}`;
          if (defOf(leaf.schema).type === 'string') {
            const sample = TEXT_SAMPLES.find((s) => leaf.schema.safeParse(s).success);
            if (sample === undefined) continue;
            texts++;
            for (const bad of ['\u0000', '\uD800', '\uDC00']) {
              if (leaf.schema.safeParse(poison(sample, bad)).success)
                failures.push(`${where} accepts ${JSON.stringify(bad)}`);
            }
          } else {
            if (!NUMBER_SAMPLES.some((n) => leaf.schema.safeParse(n).success)) continue;
            numbers++;
            // Integers fit PostgreSQL `integer`, except the ids of bigint tables, which say so.
            const int32 = !leaf.schema.safeParse(1.5).success && leaf.schema.description !== BIG_ID;
            for (const big of int32 ? [2 ** 31, 2 ** 63] : [2 ** 63]) {
              if (leaf.schema.safeParse(big).success) failures.push(`${where} accepts ${big}`);
            }
          }
        }
      }
    }
    expect(texts).toBeGreaterThan(100);
    expect(numbers).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});

describe('input guard', () => {
  it('names the first unstorable value or key and refuses nesting deeper than any contract', () => {
    expect(findUnstorable({ a: { b: ['ok', 'x\u0000'] } })).toEqual({ field: 'a.b.1', reason: 'invalidCharacter' });
    expect(findUnstorable(Object.fromEntries([['k\uD800', 1]]))).toEqual({ field: '', reason: 'invalidCharacter' });
    expect(findUnstorable({ ok: '😀 fine', n: 2 ** 63 })).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i++) deep = [deep];
    expect(findUnstorable(deep)?.reason).toBe('tooDeep');
  });

  it('answers A0400 naming the field for a NUL anywhere, also on anonymous routes and in the query string', async () => {
    const login = await t.call('POST', '/api/login', { body: { username: 'ad\u0000min', password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body.code).toBe('A0400');
    expect(login.body.message).toContain(fieldLabel('username', 'en'));
    const admin = await t.loginAdmin();
    const query = await t.call('GET', '/api/v3/system/job/cron/next?cron=0%000%20*%20*%20*', { token: admin });
    expect(query.status).toBe(400);
    expect(query.body.message).toContain(fieldLabel('cron', 'en'));
  });

  it('a body nested 100,000 levels deep is refused with A0400, not a stack overflow', async () => {
    const admin = await t.loginAdmin();
    const depth = 100_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/system/post/page',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0400', data: { fields: [{ reason: 'tooDeep' }] } });
  });
});

describe('database backstop', () => {
  it('maps a data error of the database, wrapped or not, to A0400', async () => {
    let caught: unknown;
    try {
      await t.database.db.execute(sql`SELECT ${'a\u0000b'}::text`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeDefined();
    expect(mapDatabaseDataError(caught)).toBe('A0400');
    let overflow: unknown;
    try {
      await t.database.db.execute(sql`SELECT ${String(2 ** 31)}::integer`);
    } catch (err) {
      overflow = err;
    }
    expect(mapDatabaseDataError(overflow)).toBe('A0400');
    expect(mapDatabaseDataError(new Error('connection refused'))).toBeUndefined();
  });
});
