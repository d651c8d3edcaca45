import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import OpenAI, { RateLimitError } from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * An app's key answers at most APP_API_RATE_LIMIT calls a minute (here 3): a leaked key cannot
 * answer without end nor grow the database. The budget is the key's, over all its end users, and
 * only answer calls count.
 */
const LIMIT = 3;
const { t, f } = useAdminApp({ appApiRateLimit: LIMIT });
type App = { id: number; code: string; port: number; apiKey: string };
let busy: App;
let quiet: App;

const HOURS = 'We are open from 9 to 18 on weekdays.';

beforeAll(async () => {
  const qa = { question: 'What are your opening hours?', answer: HOURS };
  ({ app: busy } = await qaAppSaved<App>(t, f, qa, { name: 'Busy desk', code: 'busy-desk' }));
  ({ app: quiet } = await qaAppSaved<App>(t, f, qa, { name: 'Quiet desk', code: 'quiet-desk' }));
  for (const app of [busy, quiet]) {
    expect(await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`)).toMatchObject({ status: 'running' });
  }
});

const client = (app: App) =>
  new OpenAI({ baseURL: `http://127.0.0.1:${app.port}/v1`, apiKey: app.apiKey, maxRetries: 0 });
const ask = (app: App, user: string) =>
  client(app).chat.completions.create({
    model: app.code,
    user,
    messages: [{ role: 'user', content: 'What are your opening hours?' }],
  });

describe('the app API’s rate limit', () => {
  it('refuses the call past the minute’s budget with OpenAI’s 429, per key and over all end users', async () => {
    await client(busy).models.list();
    for (let i = 0; i < LIMIT; i++) {
      expect((await ask(busy, `user-${i}`)).choices[0]?.message.content).toBe(HOURS);
    }
    const refused = await ask(busy, 'someone-new').then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(RateLimitError);
    const error = refused as RateLimitError;
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThan(0);
    const responses = await fetch(`http://127.0.0.1:${busy.port}/v1/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${busy.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: busy.code, input: 'What are your opening hours?' }),
    });
    expect(responses.status).toBe(429);
    // Another app's key has its own budget.
    expect((await ask(quiet, 'user-0')).choices[0]?.message.content).toBe(HOURS);
  });
});
