import { chatCompletionRequestSchema } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { NASTY_STRINGS, nastyValue } from '@agent-console/server/test/fuzz-values';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../../db/schema';
import { type AppRoute, appRoutesOf } from './runtime/app-routes';
import { createAppServer } from './runtime/app-server';

/**
 * Issue 36: every route of an app's listener (found by the listener itself, so a new one is
 * covered without being listed here) answers hostile input in OpenAI's error shape with a request
 * id, never a 5xx: bodies built from the request schema's own fields with wrong values, arbitrary
 * values, bodies that are not JSON, and path parameters of every kind; with the app's key and
 * without. `FUZZ_RUNS` cases per route (25 in `npm test`), from a fixed seed as the console's own
 * fuzz test.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261129);

const { t, f } = useAdminApp();
let server: FastifyInstance;
let apiKey: string;
let widgetKey: string;
/** An allowed web page, so the widget's calls get past the origin to their bodies. */
const PAGE = 'https://shop.example';

beforeAll(async () => {
  const customerId = await f.customer();
  // Saved, not started: the listener is built here and driven by inject, on no port.
  const app = await f.ok<{ id: number; apiKey: string; widgetKey: string }>('POST', '/api/v3/app/info/save', {
    customerId,
    name: 'Fuzzed',
    code: 'fuzzed',
    port: await freePort(),
    allowedOrigins: [PAGE],
  });
  apiKey = app.apiKey;
  widgetKey = app.widgetKey;
  server = createAppServer({ db: t.database.db, appId: app.id });
  await server.ready();
});
afterAll(async () => {
  await server?.close();
});

// The widget's fields too: its routes are fuzzed with the same bodies.
const keys = [...Object.keys(chatCompletionRequestSchema.shape), 'input', 'visitor', 'message'];
const userMessage = [{ role: 'user', content: 'What are your opening hours?' }];

/** Bodies: the schema's fields with hostile values (alone, or beside a valid question), or anything at all. */
const hostileBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(Object.fromEntries(keys.map((k) => [k, nastyValue])), { requiredKeys: [] }),
  fc
    .record(Object.fromEntries(keys.map((k) => [k, nastyValue])), { requiredKeys: [] })
    .map((fields) => ({ messages: userMessage, ...fields })),
  fc.constantFrom(...keys).chain((key) => nastyValue.map((value) => ({ messages: userMessage, [key]: value }))),
  nastyValue,
);

/** A payload as sent: JSON of a hostile body, or text that is not JSON at all. */
const payload: fc.Arbitrary<{ body: string; type: string }> = fc.oneof(
  hostileBody.map((value) => ({ body: JSON.stringify(value) ?? 'null', type: 'application/json' })),
  fc
    .constantFrom(...NASTY_STRINGS, '{"messages": [', '{"a":1}{"b":2}')
    .map((body) => ({ body, type: 'application/json' })),
  fc.string({ maxLength: 64 }).map((body) => ({ body, type: 'text/plain' })),
);

const paramText = fc.oneof(fc.constantFrom(...NASTY_STRINGS, 'fuzzed'), fc.string({ maxLength: 32 }));

/** The text with lone surrogates replaced, as a client must before it can put it in a URL. */
const wellFormed = (text: string) => Buffer.from(text).toString();

function pathOf(route: AppRoute, param: string): string {
  return route.url.replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(wellFormed(param)));
}

function expectOpenAiAnswer(route: AppRoute, res: Awaited<ReturnType<FastifyInstance['inject']>>, input: unknown) {
  const context = `${route.method} ${route.url} with ${JSON.stringify(input)?.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect(res.headers['x-request-id'], context).toMatch(/^req_/);
  if (res.statusCode >= 400) {
    expect(res.json(), context).toMatchObject({
      error: { message: expect.any(String), type: expect.any(String) },
    });
  }
}

describe('app API fuzzing', () => {
  it('finds the listener’s routes: OpenAI’s, with and without /v1', () => {
    const routes = appRoutesOf(server).map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /v1/models',
        'GET /models/:model',
        'POST /v1/chat/completions',
        'POST /chat/completions',
      ]),
    );
  });

  it('every route answers hostile input in OpenAI’s error shape with a request id, never a 5xx', async () => {
    let cases = 0;
    for (const route of appRoutesOf(server)) {
      await fc.assert(
        fc.asyncProperty(paramText, payload, fc.boolean(), async (param, sent, withKey) => {
          cases++;
          const res = await server.inject({
            method: route.method as 'GET' | 'POST',
            url: pathOf(route, param),
            headers: {
              ...(withKey ? { authorization: `Bearer ${route.access === 'widgetKey' ? widgetKey : apiKey}` } : {}),
              ...(route.method === 'POST' ? { 'content-type': sent.type } : {}),
              origin: PAGE,
            },
            ...(route.method === 'POST' ? { payload: sent.body } : {}),
          });
          expectOpenAiAnswer(route, res, { param, sent, withKey });
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    expect(cases).toBeGreaterThanOrEqual(RUNS * 10);
  });

  it('asks every route for the key it declares (the other key does not do), and nothing of a public one', async () => {
    const routes = appRoutesOf(server);
    expect(routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`)).toEqual([
      'OPTIONS *',
      'GET /widget.js',
      'GET /health',
    ]);
    const keyed = routes.filter((r) => r.access !== 'public');
    expect(keyed.filter((r) => r.access === 'apiKey').length).toBeGreaterThanOrEqual(8);
    expect(keyed.filter((r) => r.access === 'widgetKey').length).toBeGreaterThanOrEqual(2);
    for (const route of keyed) {
      const otherKey = route.access === 'apiKey' ? `Bearer ${widgetKey}` : `Bearer ${apiKey}`;
      for (const authorization of [undefined, 'Bearer ak-not-this-one', otherKey]) {
        const res = await server.inject({
          method: route.method as 'GET' | 'POST',
          url: pathOf(route, 'fuzzed'),
          headers: {
            'content-type': 'application/json',
            origin: PAGE,
            ...(authorization ? { authorization } : {}),
          },
          ...(route.method === 'POST'
            ? { payload: JSON.stringify({ messages: userMessage, input: 'hi', message: 'hi', visitor: 'x' }) }
            : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${authorization}`).toBe(401);
        expect(res.json().error.code).toBe(route.access === 'apiKey' ? 'invalid_api_key' : 'invalid_widget_key');
      }
    }
  });

  it('refuses a body past the limit and a wrong key in the same shape', async () => {
    const big = await server.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ messages: userMessage, pad: 'x'.repeat(300 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('request_too_large');
    const stranger = await server.inject({
      method: 'POST',
      url: '/chat/completions',
      headers: { authorization: 'Bearer sk-not-this-one', 'content-type': 'application/json' },
      payload: JSON.stringify({ messages: userMessage }),
    });
    expect(stranger.statusCode).toBe(401);
    expect(await t.database.db.select({ id: apps.id }).from(apps)).toHaveLength(1);
  });
});
