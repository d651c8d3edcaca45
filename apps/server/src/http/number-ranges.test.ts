import { createTestApp, type TestApp, type TestGateway } from '@agent-console/server/test/test-app';
import { defOf } from '@agent-console/server/test/zod-walk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CALLBACK_DATA_SCHEMAS } from '../integrations/messaging-gateway/callback-parse';
import { SIGNATURE_HEADER, signCallback, TIMESTAMP_HEADER } from '../integrations/messaging-gateway/callback-signature';
import { WKT_CALLBACK } from '../integrations/messaging-gateway/wkteam-wire';
import { CALLBACK_PATH } from '../modules/messaging/inbox/gateway-callback.routes';

/**
 * Issue 31, hole 6 and its class: every number a client or the gateway can send has a range.
 * For every number field of every route's body and query, and of every gateway callback body,
 * values no field takes (1e20, 1e300, -1e15) get an A04xx answer naming the field, never a 5xx.
 * Fields are read from the schemas themselves, so a new route or callback field is covered.
 */
let t: TestApp & { gateway: TestGateway };
let token: string;

beforeAll(async () => {
  t = await createTestApp({ gateway: true });
  token = await t.loginAdmin();
});
afterAll(() => t.close());

const EXTREMES = [1e20, 1e300, -1e15];

/**
 * The number fields under a schema, each with a value that holds a given number there and nothing
 * else, but for the tag of a discriminated union on the way (`{ type: 'file', objectId }`), so the
 * number is what the answer is about. Paths are `a.b`, `ids[]` for array items, `m{}` for records.
 */
interface NumberField {
  path: string;
  holding(value: number): unknown;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

function numberFields(schema: z.ZodType, path = '', seen = new Set<unknown>()): NumberField[] {
  if (seen.has(schema)) return [];
  const def = defOf(schema);
  const inner = (child: unknown, at = path) => numberFields(child as z.ZodType, at, new Set([...seen, schema]));
  const wrap = (fields: NumberField[], around: (held: unknown) => unknown) =>
    fields.map((f) => ({ path: f.path, holding: (v: number) => around(f.holding(v)) }));
  if (WRAPPERS.has(def.type)) return inner(def.innerType);
  switch (def.type) {
    case 'number':
      return path ? [{ path, holding: (value) => value }] : [];
    case 'pipe':
      return inner(def.in);
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) =>
        wrap(inner(child, path ? `${path}.${key}` : key), (held) => ({ [key]: held })),
      );
    case 'array':
      return wrap(inner(def.element, `${path}[]`), (held) => [held]);
    case 'record':
      return wrap(inner(def.valueType, `${path}{}`), (held) => ({ k: held }));
    case 'union': {
      const tag = typeof def.discriminator === 'string' ? def.discriminator : undefined;
      return (def.options as z.ZodType[]).flatMap((option) => {
        const tagSchema = tag ? (defOf(option).shape as Record<string, z.ZodType> | undefined)?.[tag] : undefined;
        const literal = tagSchema ? (defOf(tagSchema).values as unknown[] | undefined)?.[0] : undefined;
        return wrap(inner(option), (held) => (tag ? { ...(held as object), [tag]: literal } : held));
      });
    }
    default:
      return [];
  }
}

/** How the field is named in the answer: the path without the array and record marks. */
const fieldOf = (path: string) => path.replace(/\[\]/g, '.0').replace(/\{\}/g, '.k');

const isZod = (value: unknown): value is z.ZodType => !!value && typeof (value as z.ZodType).safeParse === 'function';

describe('numbers out of range', () => {
  it('every number field of every body and query gets A04xx naming it', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of t.app.routeTable) {
      if (route.url.includes(':')) continue; // ids in the path are checked by the fuzz test
      for (const part of ['body', 'querystring'] as const) {
        const schema = route.schema?.[part];
        if (!isZod(schema)) continue;
        for (const { path, holding } of numberFields(schema)) {
          if (part === 'querystring' && /[.[{]/.test(path)) continue;
          for (const value of EXTREMES) {
            sent++;
            const input = holding(value);
            const res = await t.app.inject({
              method: route.method as 'GET' | 'POST',
              url: part === 'querystring' ? `${route.url}?${path}=${value}` : route.url,
              headers: {
                authorization: `Bearer ${token}`,
                'accept-language': 'en',
                'content-type': 'application/json',
              },
              ...(part === 'body' ? { payload: JSON.stringify(input) } : {}),
            });
            const body = JSON.parse(res.body) as { code?: string; data?: { fields?: { field: string }[] } };
            const fields = body.data?.fields?.map((f) => f.field) ?? [];
            const named = fields.some((f) => f === fieldOf(path) || f === path.replace(/\[\]|\{\}/g, ''));
            if (res.statusCode >= 500 || !/^A04\d\d$/.test(body.code ?? '') || !named) {
              failures.push(
                `${route.method} ${route.url} ${part}.${path}=${value} → ${res.statusCode} ${body.code} ${fields}`,
              );
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 600_000);

  it('every number of every gateway callback body gets A0420 naming it, signed as the gateway signs', async () => {
    const wcId = 'wxid_range_check';
    // A valid `data` of each kind the console acts on; a new kind fails below until it has one.
    const samples: Record<string, Record<string, unknown>> = {
      [WKT_CALLBACK.privateText]: { fromUser: 'wxid_a', toUser: wcId, newMsgId: 'n-1', content: 'hi' },
      [WKT_CALLBACK.privateFile]: {
        fromUser: 'wxid_a',
        toUser: wcId,
        newMsgId: 'n-2',
        content: 'f',
        fileName: 'a.pdf',
      },
      [WKT_CALLBACK.groupText]: { fromUser: 'wxid_a', fromGroup: 'g@chatroom', newMsgId: 'n-3', content: 'hi' },
      [WKT_CALLBACK.groupFile]: { fromUser: 'wxid_a', fromGroup: 'g@chatroom', newMsgId: 'n-4', content: 'f' },
      [WKT_CALLBACK.offline]: { reason: 'unknown' },
      [WKT_CALLBACK.friendRequest]: { v1: 'v3_a@stranger', v2: 'v4_b@stranger', scene: 3 },
    };
    expect(Object.keys(samples).sort()).toEqual(Object.keys(CALLBACK_DATA_SCHEMAS).sort());
    const failures: string[] = [];
    let sent = 0;
    for (const [messageType, schema] of Object.entries(CALLBACK_DATA_SCHEMAS)) {
      const fields = numberFields(schema);
      expect(fields.length, messageType).toBeGreaterThan(0);
      for (const { path, holding } of fields) {
        for (const value of EXTREMES) {
          sent++;
          const held = holding(value) as Record<string, unknown>;
          const raw = JSON.stringify({ wcId, messageType, data: { ...samples[messageType], ...held } });
          const now = Date.now();
          const res = await t.app.inject({
            method: 'POST',
            url: CALLBACK_PATH,
            headers: {
              'content-type': 'application/json',
              [TIMESTAMP_HEADER]: String(now),
              [SIGNATURE_HEADER]: signCallback(t.gateway.config.callbackSecret, now, raw),
            },
            payload: raw,
          });
          const body = JSON.parse(res.body) as { code?: string; data?: { fields?: { field: string }[] } };
          if (res.statusCode !== 400 || body.code !== 'A0420' || body.data?.fields?.[0]?.field !== `data.${path}`) {
            failures.push(`${messageType} data.${path}=${value} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });
});
