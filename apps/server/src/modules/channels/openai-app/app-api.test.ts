import net from 'node:net';
import { APP_API_BODY_LIMIT } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { setAgentItem } from '@agent-console/server/test/fixtures/answers';
import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import OpenAI, { APIConnectionError, AuthenticationError } from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Acceptance 2 of issue 14: an app, started from the console, answers the official `openai`
 * client on its own port from its customer's QA, JSON and streamed; a wrong key is refused; a
 * changed `agent` item changes the next answer; stopping it closes the port.
 */
const { t, f } = useAdminApp();
let app: { id: number; customerId: number; code: string; port: number; apiKey: string };
let base: string;

const P = '/api/v3/app/info';
const HOURS = 'We are open from 9 to 18 on weekdays.';

beforeAll(async () => {
  const qa = { question: 'What are your opening hours?', answer: HOURS };
  ({ app } = await qaAppSaved<typeof app>(t, f, qa, { name: 'Front desk', code: 'front-desk' }));
  expect(await f.ok('GET', `${P}/startApp/${app.id}`)).toMatchObject({ status: 'running' });
  base = `http://127.0.0.1:${app.port}`;
});

const client = (apiKey = app.apiKey) => new OpenAI({ baseURL: `${base}/v1`, apiKey, maxRetries: 0 });
const ask = (content: string) =>
  client().chat.completions.create({ model: app.code, messages: [{ role: 'user', content }] });

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json', ...headers },
    body,
  });
  return {
    status: res.status,
    body: (await res.json()) as { error: { message: string; type: string; param: string | null; code: string | null } },
  };
}

describe('an app’s OpenAI-compatible API', () => {
  it('answers a chat completion from its customer’s QA', async () => {
    const completion = await ask('What are your opening hours?');
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('front-desk');
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: HOURS });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
  });

  it('streams the same answer as server-sent events ending with [DONE]', async () => {
    const stream = await client().chat.completions.create({
      model: app.code,
      messages: [{ role: 'user', content: 'What are your opening hours?' }],
      stream: true,
    });
    let text = '';
    let chunks = 0;
    let finish: string | null | undefined = null;
    for await (const chunk of stream) {
      chunks++;
      expect(chunk.object).toBe('chat.completion.chunk');
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe(HOURS);
    expect(chunks).toBeGreaterThan(3);
    expect(finish).toBe('stop');
    const raw = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'What are your opening hours?' }], stream: true }),
    });
    expect(raw.headers.get('content-type')).toContain('text/event-stream');
    const body = await raw.text();
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('lists its code as the model and reports health without a key', async () => {
    const models = await client().models.list();
    expect(models.data.map((m) => m.id)).toEqual(['front-desk']);
    expect((await client().models.retrieve('front-desk')).id).toBe('front-desk');
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
  });

  it('refuses a wrong or missing key with 401 in OpenAI’s error shape', async () => {
    const wrong = await client('ak-not-the-key')
      .chat.completions.create({ model: 'x', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AuthenticationError);
    expect((wrong as AuthenticationError).status).toBe(401);
    expect((wrong as AuthenticationError).code).toBe('invalid_api_key');
    await expect(client('ak-not-the-key').models.list()).rejects.toBeInstanceOf(AuthenticationError);
    const missing = await fetch(`${base}/v1/models`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
  });

  it('answers bad input with 400 naming the field, never 5xx', async () => {
    expect(await post('/v1/chat/completions', JSON.stringify({ messages: [] }))).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', param: 'messages' } },
    });
    expect(
      await post('/v1/chat/completions', JSON.stringify({ messages: [{ role: 'robot', content: 'x' }] })),
    ).toMatchObject({
      status: 400,
      body: { error: { param: 'messages.0.role' } },
    });
    expect(
      await post('/v1/chat/completions', JSON.stringify({ messages: [{ role: 'system', content: 'Only rules' }] })),
    ).toMatchObject({
      status: 400,
      body: { error: { param: 'messages' } },
    });
    expect(
      await post('/v1/chat/completions', JSON.stringify({ messages: [{ role: 'user', content: 'a\u0000b' }] })),
    ).toMatchObject({
      status: 400,
      body: { error: { param: 'messages.0.content' } },
    });
    expect((await post('/v1/chat/completions', '{"messages": [')).status).toBe(400);
    expect((await post('/v1/chat/completions', 'null')).status).toBe(400);
    const huge = JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(APP_API_BODY_LIMIT) }] });
    expect(await post('/v1/chat/completions', huge)).toMatchObject({
      status: 413,
      body: { error: { code: 'request_too_large' } },
    });
    const longWord = await ask(`What about ${'a'.repeat(20_000)} and ${'漢'.repeat(5_000)}?`);
    expect(longWord.choices[0]?.message.content).toBeTruthy();
    const unknown = await fetch(`${base}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.apiKey}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'unknown_url' } });
  });

  it('reads the app’s agent configuration on every answer', async () => {
    const question = 'What are your opening hours today?';
    expect((await ask(question)).choices[0]?.message.content).toBe(HOURS);
    await setAgentItem(t, app, 'fallbackReply', 'Please call our office.');
    await setAgentItem(t, app, 'qaMatchThreshold', '1');
    await setAgentItem(t, app, 'minScore', '1');
    expect((await ask(question)).choices[0]?.message.content).toBe('Please call our office.');
    await setAgentItem(t, app, 'minScore', '0.2');
    expect((await ask(question)).choices[0]?.message.content).toBe(HOURS);
  });

  it('a rotated key replaces the old one at once', async () => {
    const { apiKey } = await f.ok<{ apiKey: string }>('POST', `${P}/rotateKey/${app.id}`, {});
    await expect(client().models.list()).rejects.toBeInstanceOf(AuthenticationError);
    app = { ...app, apiKey };
    expect((await client().models.list()).data).toHaveLength(1);
  });

  it('stopping the app closes its port', async () => {
    expect(await f.ok('GET', `${P}/stopApp/${app.id}`)).toMatchObject({ status: 'stopped' });
    await expect(client().models.list()).rejects.toBeInstanceOf(APIConnectionError);
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: app.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
