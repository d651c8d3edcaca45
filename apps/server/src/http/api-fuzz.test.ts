// @long-running: starts first (vitest.config.ts), so that it never holds a worker alone at the end.

import { NASTY_STRINGS, nastyValue, nested } from '@agent-console/server/test/fuzz-values';
import { useTestApp } from '@agent-console/server/test/test-app';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteEntry } from './route-table';
import { shortReading } from './short-paths';

/**
 * Whole-API fuzzing (issue 7): for every route of the route table, inputs that its own zod
 * schema rejects. Every answer must be an A-class envelope, never a 5xx, and no table may change.
 * `FUZZ_RUNS` sets the cases per route (25 in `npm test`, 500 in `npm run fuzz`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/**
 * A fixed seed in `npm test`, so that CI meets the same cases every run; `FUZZ_SEED=random` (as
 * `npm run fuzz` sets) explores new ones, and fast-check prints the seed of any failure.
 */
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261128);
/** Tables that legitimately grow on rejected calls: audit trails, session bookkeeping and rate limits. */
const GROWING_TABLES = new Set(['operation_logs', 'login_logs', 'sessions', 'login_failures', 'rate_limit_hits']);

const t = useTestApp();
let token: string;

beforeAll(async () => {
  token = await t.loginAdmin();
});

function isZod(value: unknown): value is z.ZodType {
  return !!value && typeof value === 'object' && typeof (value as z.ZodType).safeParse === 'function';
}

function shapeKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** Query strings arrive as text: records of nasty strings under the schema's keys and others. */
function invalidQueryFor(schema: z.ZodType): fc.Arbitrary<Record<string, string>> {
  const keys = shapeKeys(schema);
  const text = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 32 }));
  const key = keys.length
    ? fc.oneof(fc.constantFrom(...keys), fc.string({ minLength: 1, maxLength: 8 }))
    : fc.string({ minLength: 1, maxLength: 8 });
  return fc
    .dictionary(key, text, { minKeys: 1, maxKeys: 4 })
    .filter((q) => !schema.safeParse(Object.fromEntries(new URLSearchParams(toQuery(q)))).success);
}

/**
 * A body as the server receives it: JSON drops `undefined` members, so `{ "": undefined }` arrives
 * as `{}` — which may well be valid. Inputs are judged in that form.
 */
function asJson(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

/**
 * Path params as the server receives them: the text that `fillPath` puts in the URL, one per name
 * of the route ('x' for a missing one). Judging the raw value instead would let zod coerce objects
 * the server never sees (an object whose `toString` is not a function throws inside zod).
 */
function asPathParams(route: RouteEntry): (value: unknown) => unknown {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  return (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(names.map((n) => [n, asText(record[n] ?? 'x')]));
  };
}

/**
 * Objects built from the schema's own keys with wrong values, plus arbitrary values, judged in
 * the form the server receives them (`received`).
 */
function invalidFor(schema: z.ZodType, received: (value: unknown) => unknown): fc.Arbitrary<unknown> {
  const keys = shapeKeys(schema);
  const candidates = keys.length
    ? fc.oneof(
        fc.record(Object.fromEntries(keys.map((k) => [k, nastyValue])), { requiredKeys: [] }),
        fc.record(Object.fromEntries(keys.map((k) => [k, nastyValue]))),
        nastyValue,
      )
    : nastyValue;
  return candidates.filter((v) => !schema.safeParse(received(v)).success);
}

function fillPath(url: string, params: Record<string, unknown>): string {
  return url.replace(/:([A-Za-z0-9_]+)\*?/g, (_, name: string) => encodeText(asText(params[name] ?? 'x')));
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await t.database.sql.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '__drizzle%'",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (GROWING_TABLES.has(name)) continue;
    const r = await t.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    counts[name] = r.rows[0]?.n ?? 0;
  }
  return counts;
}

function expectRejected(route: RouteEntry, status: number, body: unknown, input: unknown): void {
  const context = `${route.method} ${route.url} with ${JSON.stringify(input)?.slice(0, 300)}`;
  expect(status, context).toBeLessThan(500);
  expect(body, context).toMatchObject({ code: expect.stringMatching(/^A\d{4}$/) });
}

describe('whole-API fuzzing', () => {
  it('every route answers invalid input with an A-class envelope and changes nothing', async () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(5);
    const before = await tableCounts();
    let cases = 0;

    for (const route of routes) {
      const schema = route.schema ?? {};
      const parts = (['body', 'querystring', 'params'] as const).filter((p) => isZod(schema[p]));
      for (const part of parts) {
        const partSchema = schema[part] as z.ZodType;
        // Other parts get values their schemas accept where we can tell, so this part is the culprit.
        const paramsValid = part !== 'params' ? validParams(route) : undefined;
        if (part !== 'params' && route.url.includes(':') && !paramsValid) continue;
        await fc.assert(
          fc.asyncProperty(
            part === 'querystring'
              ? invalidQueryFor(partSchema)
              : invalidFor(partSchema, part === 'body' ? asJson : asPathParams(route)),
            // Either of SPEC §7's readings of the path: /api/v3/<group>/… or /api/<group>/….
            fc.boolean(),
            async (input: unknown, short: boolean) => {
              cases++;
              const params = part === 'params' ? (input as Record<string, unknown>) : (paramsValid ?? {});
              if (part === 'params' && (typeof input !== 'object' || input === null)) return;
              const long = fillPath(route.url, params as Record<string, unknown>);
              const url = short ? shortReading(long) : long;
              const res = await t.app.inject({
                method: route.method as 'GET' | 'POST',
                url: part === 'querystring' ? `${url}?${toQuery(input)}` : url,
                headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
                ...(part === 'body' ? { payload: JSON.stringify(input), headers: jsonHeaders() } : {}),
              });
              expectRejected(route, res.statusCode, safeJson(res.body), input);
            },
          ),
          { numRuns: RUNS, seed: SEED },
        );
      }
    }
    expect(cases).toBeGreaterThan(routes.length);
    expect(await tableCounts()).toEqual(before);
  }, 600_000);

  it('every field of every JSON route refuses NUL, lone surrogates, 2^31, 2^63 and deep nesting with A04xx', async () => {
    const before = await tableCounts();
    const failures: string[] = [];
    const poisons: [string, unknown, boolean][] = [
      ['NUL', 'a\u0000b', true],
      ['high surrogate', '\uD800', true],
      ['low surrogate', 'x\uDC00', true],
      ['2^31', 2 ** 31, false],
      ['2^63', 2 ** 63, false],
      ['nesting', nested(1000), false],
    ];
    let sent = 0;
    for (const route of t.app.routeTable.filter((r) => r.method === 'POST' && isZod(r.schema?.body))) {
      const params = validParams(route);
      if (!params) continue;
      const long = fillPath(route.url, params);
      for (const key of shapeKeys(route.schema?.body as z.ZodType)) {
        for (const [name, value, namesField] of poisons) {
          sent++;
          // Both readings of the path take turns, so each route meets both.
          const url = sent % 2 === 0 ? shortReading(long) : long;
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: jsonHeaders(),
            payload: JSON.stringify({ [key]: value }),
          });
          const body = safeJson(res.body) as { code?: string; data?: { fields?: { field: string }[] } };
          const fields = body.data?.fields?.map((f) => f.field) ?? [];
          const ok = res.statusCode < 500 && /^A04\d\d$/.test(body.code ?? '');
          if (!ok || (namesField && !fields.includes(key))) {
            failures.push(`${url} ${key}=${name} → ${res.statusCode} ${body.code} ${fields.join(',')}`);
          }
        }
      }
      sent++;
      const deep = await t.app.inject({
        method: 'POST',
        url: shortReading(long),
        headers: jsonHeaders(),
        payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      });
      if (deep.statusCode !== 400) failures.push(`${route.url} deep body → ${deep.statusCode}`);
    }
    for (const route of t.app.routeTable.filter((r) => r.url.includes(':'))) {
      for (const value of ['%00', '2147483648', '9223372036854775808', '%ED%A0%80', '%F0%9F']) {
        sent++;
        const url = route.url.replace(/:[A-Za-z0-9_]+\*?/g, value);
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: jsonHeaders(),
          payload: '{}',
        });
        const code = (safeJson(res.body) as { code?: string }).code ?? '';
        if (res.statusCode >= 500 || !/^A0\d{3}$/.test(code)) failures.push(`${url} → ${res.statusCode} ${code}`);
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  }, 600_000);

  it('malformed JSON, wrong content types and missing tokens get A-class answers on every route', async () => {
    const before = await tableCounts();
    for (const route of t.app.routeTable) {
      const url = fillPath(route.url, {});
      // Routes without a body schema (logout) accept any JSON by design.
      if (route.method === 'POST' && isZod(route.schema?.body)) {
        for (const [type, payload] of [
          ['application/json', '{"a":'],
          ['application/json', '\u0000'],
          ['text/plain', 'hello'],
          ['application/xml', '<a/>'],
        ] as const) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': type, authorization: `Bearer ${token}` },
          });
          expectRejected(route, res.statusCode, safeJson(res.body), `${type}: ${payload}`);
        }
      }
      if (!route.public) {
        for (const reading of new Set([url, shortReading(url)])) {
          const res = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url: reading,
            headers: { authorization: 'Bearer forged' },
          });
          expect(res.statusCode, `${route.method} ${reading}`).toBe(401);
          expect(safeJson(res.body), `${route.method} ${reading}`).toMatchObject({ code: 'A0301' });
        }
      }
    }
    expect(await tableCounts()).toEqual(before);
  }, 600_000);
});

function jsonHeaders(): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': 'application/json' };
}

/** Route params that the params schema accepts, chosen from ids that exist in no table. */
function validParams(route: RouteEntry): Record<string, unknown> | undefined {
  const schema = route.schema?.params;
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  if (!names.length) return {};
  for (const value of ['999999999', 'zz-no-such-key']) {
    const params = Object.fromEntries(names.map((n) => [n, value]));
    if (!isZod(schema) || schema.safeParse(params).success) return params;
  }
  return undefined;
}

/**
 * Percent-encoding that also sends lone surrogates: as the bytes a careless encoder would write
 * (WTF-8), which is what an attacker sends since encodeURIComponent refuses them.
 */
function encodeText(text: string): string {
  return [...text]
    .map((ch) => {
      const unit = ch.charCodeAt(0);
      if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
      }
      return encodeURIComponent(ch);
    })
    .join('');
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value) ?? '';
  return String(value);
}

function toQuery(input: unknown): string {
  if (!input || typeof input !== 'object') return `q=${encodeText(asText(input))}`;
  return Object.entries(input as Record<string, unknown>)
    .map(([k, v]) => `${encodeText(k)}=${encodeText(asText(v))}`)
    .join('&');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 200) };
  }
}
