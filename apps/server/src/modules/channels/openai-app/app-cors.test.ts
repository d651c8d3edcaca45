import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 36, CORS per app: a web page may call an app from a browser only when its origin is among
 * the app's allowed web pages; none by default, `*` explicitly; the preflight answered; never
 * credentials. A saved change applies to the next call. (The browser itself: apps-cors.spec.ts.)
 */
const { t, f } = useAdminApp();
let app: { id: number; customerId: number; port: number; apiKey: string; code: string };
let base: string;

const P = '/api/v3/app/info';
const SHOP = 'https://shop.example';

beforeAll(async () => {
  const qa = { question: 'What are your opening hours?', answer: 'From 9 to 18.' };
  ({ app } = await qaAppSaved<typeof app>(t, f, qa, { name: 'Shop desk', code: 'shop-desk' }));
  await f.ok('GET', `${P}/startApp/${app.id}`);
  base = `http://127.0.0.1:${app.port}`;
});

const allow = (allowedOrigins: string[]) =>
  f.ok<{ allowedOrigins: string[] }>('POST', `${P}/update/${app.id}`, {
    customerId: app.customerId,
    name: 'Shop desk',
    code: 'shop-desk',
    port: app.port,
    allowedOrigins,
  });

const chat = (origin: string | null, body: object = {}, key = app.apiKey) =>
  fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'What are your opening hours?' }], ...body }),
  });

const preflight = (origin: string) =>
  fetch(`${base}/v1/chat/completions`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, x-stainless-os',
    },
  });

describe('CORS of an app', () => {
  it('lets no page call a new app: no allow header, and the preflight refused in OpenAI’s shape', async () => {
    expect(app).toMatchObject({ allowedOrigins: [] });
    const answer = await chat(SHOP);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const asked = await preflight(SHOP);
    expect(asked.status).toBe(403);
    expect(((await asked.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
    expect(asked.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the listed pages, as written or not, and no other; never with credentials', async () => {
    expect((await allow(['HTTPS://Shop.example/', 'http://localhost:3000'])).allowedOrigins).toEqual([
      SHOP,
      'http://localhost:3000',
    ]);
    const asked = await preflight(SHOP);
    expect(asked.status).toBe(204);
    expect(asked.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(asked.headers.get('access-control-allow-methods')).toContain('POST');
    expect(asked.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-stainless-os');
    expect(asked.headers.get('access-control-allow-credentials')).toBeNull();

    const answer = await chat(SHOP);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(answer.headers.get('access-control-expose-headers')).toBe('x-request-id, retry-after');
    expect(answer.headers.get('vary')).toContain('Origin');
    // A stream's head carries it too, and so does a refusal the page must be able to read.
    const streamed = await chat(SHOP, { stream: true });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    expect(streamed.headers.get('access-control-allow-origin')).toBe(SHOP);
    await streamed.text();
    const refused = await chat(SHOP, {}, 'not-the-key');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(SHOP);

    const other = await chat('https://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('https://elsewhere.example')).status).toBe(403);
    expect((await preflight('null')).status).toBe(403);
  });

  it('allows any page with *, and none again once the list is emptied', async () => {
    await allow(['*']);
    const answer = await chat('https://anywhere.example');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect((await preflight('https://anywhere.example')).status).toBe(204);
    await allow([]);
    expect((await chat(SHOP)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses an origin that is not one, naming the field', async () => {
    for (const origins of [
      ['shop.example'],
      ['https://shop.example/path'],
      ['javascript:alert(1)'],
      Array(21).fill(SHOP),
    ]) {
      const answer = await t.call('POST', `${P}/update/${app.id}`, {
        token: await t.loginAdmin(),
        body: {
          customerId: app.customerId,
          name: 'Shop desk',
          code: 'shop-desk',
          port: app.port,
          allowedOrigins: origins,
        },
      });
      expect(answer.status, JSON.stringify(origins)).toBe(400);
      expect(answer.body.message, JSON.stringify(origins)).toContain('Allowed web pages');
    }
  });
});
