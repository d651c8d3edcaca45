import { readFileSync } from 'node:fs';
import {
  APP_INFO_PERMISSIONS,
  type App,
  CHAT_ADDRESS_PERMISSIONS,
  type VisitorConversation,
  type VisitorTranscript,
  WIDGET_CHAT_PATH,
  WIDGET_RATE_LIMIT,
  WIDGET_REPLIES_PATH,
  WIDGET_START_PATH,
  WIDGET_START_RATE_LIMIT,
  type WidgetStart,
} from '@agent-console/contracts';
import { freePort } from '@agent-console/server/test/child-server';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentConversations, aiRoleConfigs } from '../../../db/schema';

/**
 * Issue 36, the website widget's side of an app's port: its widget key opens the widget's calls
 * only and only from the app's allowed web pages; visitors get tokens the console issued, their
 * answers stream with sources, at a rate per visitor; their conversations reach the console with
 * the page they came from. (The widget in a browser: widget.spec.ts.)
 */
const { t, f } = useAdminApp();
let app: App & { apiKey: string };
let base: string;

const P = '/api/v3/app/info';
const SHOP = 'https://shop.example';
const QUESTION = 'What are your opening hours?';

beforeAll(async () => {
  const qa = { question: QUESTION, answer: 'From 9 to 18, Monday to Saturday.' };
  const saved = await qaAppSaved<typeof app>(t, f, qa, {
    name: 'Shop desk',
    code: 'shop-desk',
    allowedOrigins: [SHOP],
  });
  const { customerId } = saved;
  app = saved.app;
  await t.database.db.insert(aiRoleConfigs).values({
    appId: app.id,
    customerId,
    welcomeMessages: [
      { id: 'w1', type: 'text', text: 'Hello! Ask me anything about the shop.' },
      { id: 'w2', type: 'image', objectId: 1, fileName: 'logo.png' },
    ],
  });
  await f.ok('GET', `${P}/startApp/${app.id}`);
  base = `http://127.0.0.1:${app.port}`;
});

interface Answer {
  status: number;
  headers: Headers;
  json?: { error?: { code: string; param: string | null; message: string } } & Partial<WidgetStart>;
  events: { event: string; data: unknown }[];
}

async function post(path: string, body: unknown, opts: { key?: string | null; origin?: string | null } = {}) {
  const key = opts.key === undefined ? app.widgetKey : opts.key;
  const origin = opts.origin === undefined ? SHOP : opts.origin;
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const answer: Answer = { status: res.status, headers: res.headers, events: [] };
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    for (const block of text.split('\n\n').filter(Boolean)) {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      answer.events.push({ event, data: JSON.parse(data) });
    }
  } else {
    answer.json = JSON.parse(text);
  }
  return answer;
}

const start = (visitor?: string, opts?: { key?: string | null; origin?: string | null }) =>
  post(WIDGET_START_PATH, visitor === undefined ? {} : { visitor }, opts);
const ask = (visitor: string, message: string, opts?: { key?: string | null; origin?: string | null }) =>
  post(WIDGET_CHAT_PATH, { visitor, message }, opts);

async function newVisitor(): Promise<string> {
  const started = await start();
  expect(started.status).toBe(200);
  return started.json?.visitor as string;
}

describe('the widget’s key and pages', () => {
  it('refuses a call without the widget key, with the API key, or from a page not allowed', async () => {
    const noKey = await start(undefined, { key: null });
    expect([noKey.status, noKey.json?.error?.code]).toEqual([401, 'invalid_widget_key']);
    const apiKey = await start(undefined, { key: app.apiKey });
    expect([apiKey.status, apiKey.json?.error?.code]).toEqual([401, 'invalid_widget_key']);
    const noOrigin = await start(undefined, { origin: null });
    expect([noOrigin.status, noOrigin.json?.error?.code]).toEqual([403, 'origin_not_allowed']);
    const elsewhere = await start(undefined, { origin: 'https://elsewhere.example' });
    expect([elsewhere.status, elsewhere.json?.error?.code]).toEqual([403, 'origin_not_allowed']);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens nothing of the OpenAI API to the widget key', async () => {
    const headers = { authorization: `Bearer ${app.widgetKey}`, 'content-type': 'application/json', origin: SHOP };
    const body = JSON.stringify({ messages: [{ role: 'user', content: QUESTION }], input: QUESTION });
    for (const [method, path] of [
      ['GET', '/v1/models'],
      ['GET', `/v1/models/${app.code}`],
      ['POST', '/v1/chat/completions'],
      ['POST', '/v1/responses'],
      ['POST', '/chat/completions'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method, headers, ...(method === 'POST' ? { body } : {}) });
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('invalid_api_key');
    }
  });

  it('serves the script to any page, compressed when asked, and unchanged as a 304', async () => {
    const built = readFileSync(new URL('../../../../../widget/dist/widget.js', import.meta.url));
    const plain = await fetch(`${base}/widget.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(Buffer.from(await plain.arrayBuffer()).equals(built)).toBe(true);
    const zipped = await fetch(`${base}/widget.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const again = await fetch(`${base}/widget.js`, { headers: { 'if-none-match': plain.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });
});

describe('a visitor', () => {
  it('starts with the app’s name and its text welcome, and a token of its own', async () => {
    const started = await start();
    expect(started.status).toBe(200);
    expect(started.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(started.json).toMatchObject({
      name: 'Shop desk',
      welcome: ['Hello! Ask me anything about the shop.'],
      turns: [],
    });
    expect(started.json?.visitor).toMatch(/^v1\./);
    const other = await start();
    expect(other.json?.visitor).not.toBe(started.json?.visitor);
  });

  it('gets the answer streamed with its sources, and finds it again on the next start', async () => {
    const visitor = await newVisitor();
    const answer = await ask(visitor, QUESTION);
    expect(answer.status).toBe(200);
    const deltas = answer.events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.join('')).toContain('From 9 to 18');
    expect(answer.events.at(-1)).toEqual({
      event: 'done',
      data: { sources: [{ kind: 'qa', title: QUESTION }], needsPerson: false },
    });
    const again = await start(visitor);
    expect(again.json?.visitor).toBe(visitor);
    expect(again.json?.turns).toEqual([
      {
        question: QUESTION,
        answer: expect.stringContaining('From 9 to 18'),
        sources: [{ kind: 'qa', title: QUESTION }],
        needsPerson: false,
      },
    ]);
  });

  it('cannot present a token it made or altered, nor another app’s', async () => {
    const visitor = await newVisitor();
    for (const forged of ['v1.abc.def.ghi', `${visitor.slice(0, -2)}xx`, 'not a token']) {
      const res = await ask(forged, QUESTION);
      expect([res.status, res.json?.error?.code, res.json?.error?.param]).toEqual([401, 'invalid_visitor', 'visitor']);
      // A start with a token that is not valid hands out a new one.
      const restarted = await start(forged);
      expect(restarted.json?.visitor).not.toBe(forged);
    }
    const other = await f.ok<App>('POST', `${P}/save`, {
      customerId: app.customerId,
      name: 'Second desk',
      code: 'second-desk',
      port: await freePort(),
      allowedOrigins: [SHOP],
    });
    await f.ok('GET', `${P}/startApp/${other.id}`);
    const theirs = await fetch(`http://127.0.0.1:${other.port}${WIDGET_CHAT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.widgetKey}`, 'content-type': 'application/json', origin: SHOP },
      body: JSON.stringify({ visitor, message: QUESTION }),
    });
    expect(theirs.status).toBe(401);
  });

  it('names the field of a question that is empty or too long', async () => {
    const visitor = await newVisitor();
    const empty = await ask(visitor, '   ');
    expect([empty.status, empty.json?.error?.code, empty.json?.error?.param]).toEqual([
      400,
      'invalid_message',
      'message',
    ]);
    const long = await ask(visitor, '字'.repeat(2001));
    expect([long.status, long.json?.error?.param]).toEqual([400, 'message']);
  });

  it('is told to wait once over the rate, with the seconds; another visitor is not', async () => {
    const visitor = await newVisitor();
    for (let i = 0; i < WIDGET_RATE_LIMIT; i++) expect((await ask(visitor, QUESTION)).status).toBe(200);
    const over = await ask(visitor, QUESTION);
    expect([over.status, over.json?.error?.code]).toEqual([429, 'rate_limited']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('access-control-expose-headers')).toMatch(/retry-after/);
    expect((await ask(await newVisitor(), QUESTION)).status).toBe(200);
  });
});

describe('an address opening the widget again and again', () => {
  it('is told to wait after WIDGET_START_RATE_LIMIT starts a minute', async () => {
    const other = await f.ok<App>('POST', `${P}/save`, {
      customerId: app.customerId,
      name: 'Busy desk',
      code: 'busy-desk',
      port: await freePort(),
      allowedOrigins: [SHOP],
    });
    await f.ok('GET', `${P}/startApp/${other.id}`);
    const startOther = () =>
      fetch(`http://127.0.0.1:${other.port}${WIDGET_START_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.widgetKey}`, 'content-type': 'application/json', origin: SHOP },
        body: '{}',
      });
    for (let i = 0; i < WIDGET_START_RATE_LIMIT; i++) expect((await startOther()).status).toBe(200);
    const over = await startOther();
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });
});

describe('an app open to every page', () => {
  it('keeps a page’s origin as written, and none for what is not an origin', async () => {
    const open = await f.ok<App>('POST', `${P}/save`, {
      customerId: app.customerId,
      name: 'Open desk',
      code: 'open-desk',
      port: await freePort(),
      allowedOrigins: ['*'],
    });
    await f.ok('GET', `${P}/startApp/${open.id}`);
    const askFrom = async (origin: string) => {
      const call = (path: string, body: object) =>
        fetch(`http://127.0.0.1:${open.port}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${open.widgetKey}`, 'content-type': 'application/json', origin },
          body: JSON.stringify(body),
        });
      const { visitor } = (await (await call(WIDGET_START_PATH, {})).json()) as { visitor: string };
      expect((await call(WIDGET_CHAT_PATH, { visitor, message: QUESTION })).status).toBe(200);
    };
    await askFrom('HTTPS://Blog.example/');
    await askFrom('https://blog.example/<script>alert(1)</script>');
    await askFrom('null');
    const page = await f.ok<{ list: VisitorConversation[] }>('POST', `${P}/visitors/page`, { appId: open.id });
    expect(page.list.map((c) => c.origin).sort()).toEqual(['https://blog.example', null, null]);
  });
});

describe('visitors in the console', () => {
  it('lists the app’s visitors’ conversations with their page, and shows one with its answers', async () => {
    const visitor = await newVisitor();
    await ask(visitor, QUESTION);
    await ask(visitor, 'Do you sell gift cards for the moon?');
    const page = await f.ok<{ list: VisitorConversation[]; total: number }>('POST', `${P}/visitors/page`, {
      appId: app.id,
    });
    expect(page.total).toBeGreaterThan(0);
    const [latest] = page.list;
    expect(latest).toMatchObject({ origin: SHOP, title: QUESTION, answers: 2 });
    expect(latest?.visitor).toMatch(/^[0-9a-f]{8}$/);
    const shown = await f.ok<VisitorTranscript>('GET', `${P}/visitors/${latest?.id}`);
    expect(shown.turns.map((turn) => turn.question)).toEqual([QUESTION, 'Do you sell gift cards for the moon?']);
    const [row] = await t.database.db
      .select({ channel: agentConversations.channel })
      .from(agentConversations)
      .where(and(eq(agentConversations.id, latest?.id ?? 0), eq(agentConversations.appId, app.id)));
    expect(row?.channel).toBe('widget');
    const filtered = await f.ok<{ list: VisitorConversation[] }>('POST', `${P}/visitors/page`, {
      appId: app.id,
      origin: 'elsewhere',
    });
    expect(filtered.list).toEqual([]);
  });

  it('counts visitors waiting for a person on Home, until a person marks them handled', async () => {
    const visitor = await newVisitor();
    await ask(visitor, 'Do you sell gift cards for the moon?');
    const waiting = async () =>
      (
        await f.ok<{ total: number; visitors: { appId: number; appName: string; count: number }[] }>(
          'GET',
          '/api/v3/address/conversation/needsPerson',
        )
      ).visitors.find((v) => v.appId === app.id);
    const before = await waiting();
    expect(before).toMatchObject({ appName: 'Shop desk', count: expect.any(Number) });
    const page = await f.ok<{ list: VisitorConversation[] }>('POST', `${P}/visitors/page`, {
      appId: app.id,
      needsPerson: true,
    });
    const [flagged] = page.list;
    expect(flagged?.needsPersonAt).not.toBeNull();
    // Handling is the takeover permission, within the app's scope.
    const viewer = await f.member([APP_INFO_PERMISSIONS.list]);
    expect((await t.call('POST', `${P}/visitors/handled/${flagged?.id}`, { token: viewer.token })).body.code).toBe(
      'A0312',
    );
    const stranger = await f.member([CHAT_ADDRESS_PERMISSIONS.takeover, APP_INFO_PERMISSIONS.list]);
    expect((await t.call('POST', `${P}/visitors/handled/${flagged?.id}`, { token: stranger.token })).body.code).toBe(
      'A0404',
    );
    const handled = await f.ok<VisitorConversation>('POST', `${P}/visitors/handled/${flagged?.id}`);
    expect(handled.needsPersonAt).toBeNull();
    expect((await waiting())?.count ?? 0).toBe((before?.count ?? 0) - 1);
  });

  it('lets a person write to a visitor: the widget finds it in its place, and only that visitor', async () => {
    const visitor = await newVisitor();
    await ask(visitor, QUESTION);
    await ask(visitor, 'Can I pay with seashells?');
    const page = await f.ok<{ list: VisitorConversation[] }>('POST', `${P}/visitors/page`, { appId: app.id });
    const conversation = page.list[0] as VisitorConversation;
    expect(conversation.needsPersonAt).not.toBeNull();
    // The field is named when the text is empty or too long; the takeover permission writes.
    const empty = await t.call('POST', `${P}/visitors/reply`, {
      token: await t.loginAdmin(),
      body: { conversationId: conversation.id, content: '  ' },
    });
    expect(empty.body.code).toBe('A0410');
    expect(JSON.stringify(empty.body)).toContain('content');
    const viewer = await f.member([APP_INFO_PERMISSIONS.list]);
    const body = { conversationId: conversation.id, content: 'We do not, sorry: cards or cash.' };
    expect((await t.call('POST', `${P}/visitors/reply`, { token: viewer.token, body })).body.code).toBe('A0312');
    const written = await f.ok<{ id: number; by: string | null }>('POST', `${P}/visitors/reply`, body);
    expect(written.by).toBeTruthy();

    const replies = await post(WIDGET_REPLIES_PATH, { visitor, after: 0 });
    expect(replies.json).toEqual({
      replies: [{ id: written.id, text: 'We do not, sorry: cards or cash.', afterTurn: 2 }],
    });
    expect((await post(WIDGET_REPLIES_PATH, { visitor, after: written.id })).json).toEqual({ replies: [] });
    expect((await post(WIDGET_REPLIES_PATH, { visitor: await newVisitor() })).json).toEqual({ replies: [] });
    expect((await post(WIDGET_REPLIES_PATH, { visitor: 'v1.forged' })).status).toBe(401);
    const again = await start(visitor);
    expect(again.json?.replies).toEqual([{ id: written.id, text: 'We do not, sorry: cards or cash.', afterTurn: 2 }]);
    // Written to, the visitor no longer waits; the transcript holds the reply with its writer.
    const shown = await f.ok<VisitorTranscript>('GET', `${P}/visitors/${conversation.id}`);
    expect(shown.needsPersonAt).toBeNull();
    expect(shown.replies).toEqual([
      { id: written.id, content: 'We do not, sorry: cards or cash.', by: written.by, createdAt: expect.any(String) },
    ]);
  });

  it('previews what the widget greets a visitor with', async () => {
    expect(await f.ok('GET', `${P}/visitors/preview/${app.id}`)).toEqual({
      name: 'Shop desk',
      welcome: ['Hello! Ask me anything about the shop.'],
    });
  });

  it('keeps them from people of another customer, as if there were none', async () => {
    const m = await f.member([APP_INFO_PERMISSIONS.list]);
    const page = await t.call('POST', `${P}/visitors/page`, { token: m.token, body: { appId: app.id } });
    expect(page.body.code).toBe('A0404');
    const [conversation] = await t.database.db
      .select({ id: agentConversations.id })
      .from(agentConversations)
      .where(eq(agentConversations.appId, app.id))
      .limit(1);
    const one = await t.call('GET', `${P}/visitors/${conversation?.id}`, { token: m.token });
    expect(one.body.code).toBe('A0404');
    const preview = await t.call('GET', `${P}/visitors/preview/${app.id}`, { token: m.token });
    expect(preview.body.code).toBe('A0404');
    const writer = await f.member([CHAT_ADDRESS_PERMISSIONS.takeover]);
    const written = await t.call('POST', `${P}/visitors/reply`, {
      token: writer.token,
      body: { conversationId: conversation?.id, content: 'Hello from elsewhere' },
    });
    expect(written.body.code).toBe('A0404');
  });

  it('keeps them from the app’s own customer’s people without the app permission, Home’s count too', async () => {
    const [conversation] = await t.database.db
      .select({ id: agentConversations.id })
      .from(agentConversations)
      .where(eq(agentConversations.appId, app.id))
      .limit(1);
    const colleague = await f.member([CHAT_ADDRESS_PERMISSIONS.list], 1, app.customerId);
    for (const [method, url, body] of [
      ['POST', `${P}/visitors/page`, { appId: app.id }],
      ['GET', `${P}/visitors/${conversation?.id}`, undefined],
      ['GET', `${P}/visitors/preview/${app.id}`, undefined],
    ] as const) {
      const res = await t.call(method, url, { token: colleague.token, ...(body ? { body } : {}) });
      expect(res.body.code, url).toBe('A0312');
    }
    const home = await f.ok<{ visitors: unknown[] }>(
      'GET',
      '/api/v3/address/conversation/needsPerson',
      undefined,
      colleague.token,
    );
    expect(home.visitors).toEqual([]);
  });

  it('names the field of a visitor list asked without its app, or of a reply without its conversation', async () => {
    const page = await t.call('POST', `${P}/visitors/page`, { token: await t.loginAdmin(), body: {} });
    expect(page.body.code).toBe('A0410');
    expect(JSON.stringify(page.body)).toContain('appId');
    const reply = await t.call('POST', `${P}/visitors/reply`, {
      token: await t.loginAdmin(),
      body: { content: 'Hello' },
    });
    expect(reply.body.code).toBe('A0410');
    expect(JSON.stringify(reply.body)).toContain('conversationId');
  });

  it('replaces the widget key: pages with the old one stop, the new one works', async () => {
    const visitor = await newVisitor();
    const { widgetKey } = await f.ok<{ widgetKey: string }>('POST', `${P}/rotateWidgetKey/${app.id}`, {});
    expect(widgetKey).toMatch(/^wk_[0-9a-f]{32}$/);
    expect((await ask(visitor, QUESTION)).status).toBe(401);
    expect((await ask(visitor, QUESTION, { key: widgetKey })).status).toBe(200);
    app = { ...app, widgetKey };
  });
});
