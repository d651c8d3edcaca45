import { randomBytes } from 'node:crypto';
import { WIDGET_CHAT_PATH, WIDGET_RATE_LIMIT, WIDGET_START_PATH } from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { promSample } from '@agent-console/server/test/fixtures/prometheus';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 36, observability: the console's Prometheus text counts each app's calls (by route and
 * status, with their latency, a stream to its end), its answers by step, and its refusals by
 * reason (key, origin, quota, rate, input).
 */
const TOKEN = randomBytes(24).toString('base64url');
const { t, f } = useAdminApp({ metricsToken: TOKEN });
let app: { id: number; port: number; apiKey: string };
let customerId: number;
let base: string;

beforeAll(async () => {
  const qa = { question: 'What are your opening hours?', answer: 'From 9 to 18.' };
  ({ customerId, app } = await qaAppSaved<typeof app>(t, f, qa, { name: 'Counted', code: 'counted' }));
  await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`);
  base = `http://127.0.0.1:${app.port}`;
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });

describe('an app’s figures in the console’s metrics', () => {
  it('counts calls by route and status, answers by step, refusals by reason', async () => {
    const id = String(app.id);
    const messages = [{ role: 'user', content: 'What are your opening hours?' }];
    expect(await post('/v1/chat/completions', { messages })).toBe(200);
    expect(await post('/v1/chat/completions', { messages, stream: true })).toBe(200);
    expect(await post('/chat/completions', { messages: [{ role: 'user', content: 'Anything about the moon?' }] })).toBe(
      200,
    );
    expect(await post('/v1/responses', { input: 'What are your opening hours?' })).toBe(200);
    expect(await post('/v1/chat/completions', { messages }, { authorization: 'Bearer wrong' })).toBe(401);
    expect(await post('/v1/chat/completions', { messages, n: 2 })).toBe(400);
    const preflight = await fetch(`${base}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);

    // Each call is counted once its answer has gone out; the scrape waits for the last of them.
    const count = (text: string, route: string, status: string) =>
      promSample(text, 'agent_console_app_requests_total', { app: id, route, status }) ?? 0;
    const text = await waitUntil(
      scrape,
      (scraped) => count(scraped, '*', '403') === 1,
      60_000,
      'the last call counted',
    );
    const requests = (route: string, status: string) => count(text, route, status);
    expect(requests('/v1/chat/completions', '200')).toBe(2);
    expect(requests('/chat/completions', '200')).toBe(1);
    expect(requests('/v1/responses', '200')).toBe(1);
    expect(requests('/v1/chat/completions', '401')).toBe(1);
    expect(requests('/v1/chat/completions', '400')).toBe(1);
    expect(promSample(text, 'agent_console_app_answers_total', { app: id, step: 'qa' })).toBe(3);
    expect(promSample(text, 'agent_console_app_answers_total', { app: id, step: 'fallback' })).toBe(1);
    const refusals = (reason: string) => promSample(text, 'agent_console_app_refusals_total', { app: id, reason });
    expect(refusals('key')).toBe(1);
    expect(refusals('input')).toBe(1);
    expect(refusals('origin')).toBe(1);
    expect(promSample(text, 'agent_console_app_request_duration_seconds_count', { app: id })).toBe(7);
  });

  it('counts the widget’s answers, and a visitor over the rate as a refusal by rate, not quota', async () => {
    const page = 'https://shop.example';
    const widget = await f.ok<{ id: number; port: number; widgetKey: string }>('POST', '/api/v3/app/info/save', {
      customerId,
      name: 'Counted widget',
      code: 'counted-widget',
      port: await freePort(),
      allowedOrigins: [page],
    });
    await f.ok('GET', `/api/v3/app/info/startApp/${widget.id}`);
    const call = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${widget.port}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${widget.widgetKey}`, 'content-type': 'application/json', origin: page },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, text: await res.text() }));
    const { visitor } = JSON.parse((await call(WIDGET_START_PATH, {})).text) as { visitor: string };
    const statuses: number[] = [];
    for (let i = 0; i <= WIDGET_RATE_LIMIT; i++) {
      statuses.push((await call(WIDGET_CHAT_PATH, { visitor, message: 'What are your opening hours?' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const id = String(widget.id);
    const text = await waitUntil(
      scrape,
      (scraped) => (promSample(scraped, 'agent_console_app_refusals_total', { app: id, reason: 'rate' }) ?? 0) === 1,
      60_000,
      'the refusal by rate counted',
    );
    expect(promSample(text, 'agent_console_app_refusals_total', { app: id, reason: 'quota' })).toBeUndefined();
    expect(promSample(text, 'agent_console_app_answers_total', { app: id, step: 'qa' })).toBe(WIDGET_RATE_LIMIT);
  });
});
