import { freePort } from '@agent-console/server/test/child-server';
import { insertDocument, insertQa } from '@agent-console/server/test/fixtures/answers';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { type OpenAiPeer, startOpenAiPeer } from '@agent-console/server/test/fixtures/openai-peer';
import { insertAnswers } from '@agent-console/server/test/fixtures/usage';
import { createTestApp, type TestApp } from '@agent-console/server/test/test-app';
import OpenAI, { BadRequestError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiChat } from '../../../integrations/llm';
import { HOUSEKEEPING_MAX_TOKENS } from './runtime/housekeeping';
import { estimatePromptTokens, estimateTokens } from './runtime/token-estimate';

/**
 * Issue 36, the protocol: what OpenAI's clients read besides the text. Usage figures in every
 * answer (and at the end of a stream when asked for), a request id on every answer, OpenAI's paths
 * with and without `/v1`, the parameters an app cannot honour refused by name, and the model's
 * parameters passed on to the model when one answers. With the official `openai` client.
 */
const HOURS = 'We are open from 9 to 18 on weekdays.';
const QUESTION = 'What are your opening hours?';

interface StartedApp {
  t: TestApp;
  f: ReturnType<typeof fixtures>;
  customerId: number;
  base: string;
  code: string;
  apiKey: string;
}

/** A console (with the model `llm` when given) and one started app answering from a QA and a document. */
async function startedApp(llm?: ReturnType<typeof createOpenAiChat>): Promise<StartedApp> {
  const t = await createTestApp(llm ? { llm } : {});
  const admin = await t.loginAdmin();
  const f = fixtures(t, () => admin);
  const customerId = await f.customer();
  await insertQa(t, { customerId, question: QUESTION, answer: HOURS });
  await insertDocument(t, {
    customerId,
    name: 'Shipping.pdf',
    fragments: ['Delivery to Berlin usually takes one working day.'],
  });
  const code = llm ? 'modelled' : 'front-desk';
  const app = await f.ok<{ id: number; apiKey: string; port: number }>('POST', '/api/v3/app/info/save', {
    customerId,
    name: 'Desk',
    code,
    port: await freePort(),
  });
  await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`);
  return { t, f, customerId, base: `http://127.0.0.1:${app.port}`, code, apiKey: app.apiKey };
}

/** Open WebUI's default title task, as it sends it after a first answer. */
const TITLE_TASK = `### Task:
Generate a concise, 3-5 word title with an emoji summarizing the chat history.
### Output:
JSON format: { "title": "your concise title here" }
### Chat History:
<chat_history>
USER: ${QUESTION}
ASSISTANT: ${HOURS}
</chat_history>`;

/** Conversations and answers stored for the console's customers, all apps together. */
async function stored(t: TestApp): Promise<{ conversations: number; answers: number; flagged: number }> {
  const [row] = (
    await t.database.sql.query<{ conversations: number; answers: number; flagged: number }>(
      `SELECT (SELECT count(*)::int FROM agent_conversations) AS conversations,
              (SELECT count(*)::int FROM agent_answers) AS answers,
              (SELECT count(*)::int FROM agent_conversations WHERE needs_person_at IS NOT NULL) AS flagged`,
    )
  ).rows;
  return row ?? { conversations: 0, answers: 0, flagged: 0 };
}

const clientOf = (s: StartedApp, path = '/v1') =>
  new OpenAI({ baseURL: `${s.base}${path}`, apiKey: s.apiKey, maxRetries: 0 });

describe('the usage estimate', () => {
  it('counts about four Latin characters a token and a token per Chinese character', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd efgh')).toBe(3);
    expect(estimateTokens('营业时间')).toBe(4);
    expect(estimateTokens('open 营业')).toBe(2 + 2);
    // Each message costs four beside its text, and the reply's priming three.
    expect(estimatePromptTokens([{ content: 'abcd' }, { content: '营业' }])).toBe(3 + 4 + 1 + 4 + 2);
  });
});

describe('an app without a model', () => {
  let s: StartedApp;
  beforeAll(async () => {
    s = await startedApp();
  });
  afterAll(() => s.t.close());

  it('reports usage in an answer, estimated from the conversation and the reply', async () => {
    const completion = await clientOf(s).chat.completions.create({
      model: s.code,
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(completion.choices[0]?.message.content).toBe(HOURS);
    const prompt = estimatePromptTokens([{ content: QUESTION }]);
    const reply = estimateTokens(HOURS);
    expect(completion.usage).toEqual({ prompt_tokens: prompt, completion_tokens: reply, total_tokens: prompt + reply });
  });

  it('ends a stream with the usage only when asked (stream_options.include_usage)', async () => {
    const chunks = async (includeUsage: boolean) => {
      const stream = await clientOf(s).chat.completions.create({
        model: s.code,
        messages: [{ role: 'user', content: QUESTION }],
        stream: true,
        ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
      });
      const all = [];
      for await (const chunk of stream) all.push(chunk);
      return all;
    };
    const asked = await chunks(true);
    const last = asked.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({ completion_tokens: estimateTokens(HOURS) });
    expect(asked.slice(0, -1).every((c) => c.usage === null && c.choices.length === 1)).toBe(true);
    expect(asked.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(HOURS);
    const plain = await chunks(false);
    expect(plain.some((c) => 'usage' in c)).toBe(false);
  });

  it('refuses by name what it cannot do: more than one choice, a required tool, a JSON reply without a model', async () => {
    const refusal = async (extra: Record<string, unknown>) => {
      const error = await clientOf(s)
        .chat.completions.create({ model: s.code, messages: [{ role: 'user', content: QUESTION }], ...extra })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(error).toBeInstanceOf(BadRequestError);
      return error as BadRequestError;
    };
    expect((await refusal({ n: 2 })).param).toBe('n');
    const tool = { type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } };
    expect((await refusal({ tools: [tool], tool_choice: 'required' })).param).toBe('tool_choice');
    expect(
      (await refusal({ tools: [tool], tool_choice: { type: 'function', function: { name: 'lookup' } } })).param,
    ).toBe('tool_choice');
    const json = await refusal({ response_format: { type: 'json_object' } });
    expect(json.param).toBe('response_format');
    expect(json.message).toContain('needs a language model');
    // Out of range is the field's own error, named too.
    expect((await refusal({ temperature: 7 })).param).toBe('temperature');
  });

  it('refuses by name on the Responses API too: a stored response, a required tool, a JSON reply without a model', async () => {
    const refusal = async (extra: Record<string, unknown>) => {
      const error = await clientOf(s)
        .responses.create({ model: s.code, input: QUESTION, ...extra })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(error).toBeInstanceOf(BadRequestError);
      return (error as BadRequestError).param;
    };
    expect(await refusal({ previous_response_id: 'resp_123' })).toBe('previous_response_id');
    expect(await refusal({ tool_choice: 'required' })).toBe('tool_choice');
    expect(await refusal({ text: { format: { type: 'json_object' } } })).toBe('text.format');
    expect(await refusal({ input: [{ type: 'function_call_output', call_id: 'c1', output: 'x' }] })).toBe('input');
  });

  it('accepts tools it is not made to call, one choice and a text format, and answers from its knowledge', async () => {
    const tool = { type: 'function' as const, function: { name: 'lookup', parameters: { type: 'object' } } };
    const completion = await clientOf(s).chat.completions.create({
      model: s.code,
      messages: [{ role: 'user', content: QUESTION }],
      tools: [tool],
      tool_choice: 'auto',
      n: 1,
      response_format: { type: 'text' },
    });
    expect(completion.choices[0]?.message).toMatchObject({ content: HOURS });
    expect(completion.choices[0]?.message.tool_calls ?? []).toEqual([]);
  });

  it('refuses a front-end’s housekeeping request (a chat title) without a model, storing and flagging nothing', async () => {
    const before = await stored(s.t);
    const error = await clientOf(s)
      .chat.completions.create({ model: s.code, messages: [{ role: 'user', content: TITLE_TASK }] })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('housekeeping_needs_model');
    expect((error as BadRequestError).message).toContain('a title for the chat');
    expect(await stored(s.t)).toEqual(before);
  });

  it('serves OpenAI’s paths without /v1 too', async () => {
    const client = clientOf(s, '');
    expect((await client.models.list()).data.map((m) => m.id)).toEqual([s.code]);
    expect((await client.models.retrieve(s.code)).id).toBe(s.code);
    const completion = await client.chat.completions.create({
      model: s.code,
      messages: [{ role: 'user', content: QUESTION }],
    });
    expect(completion.choices[0]?.message.content).toBe(HOURS);
  });

  it('names every answer with a request id: answers, streams, refusals, unknown paths', async () => {
    const ids = new Set<string>();
    const idOf = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${s.base}${path}`, init);
      await res.arrayBuffer();
      const id = res.headers.get('x-request-id') ?? '';
      expect(id, path).toMatch(/^req_[0-9a-f]{32}$/);
      ids.add(id);
      return res.status;
    };
    const post = (body: object, key = s.apiKey): RequestInit => ({
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': 'chosen' },
      body: JSON.stringify(body),
    });
    const messages = [{ role: 'user', content: QUESTION }];
    expect(await idOf('/v1/chat/completions', post({ messages }))).toBe(200);
    expect(await idOf('/v1/chat/completions', post({ messages, stream: true }))).toBe(200);
    expect(await idOf('/v1/chat/completions', post({ messages }, 'wrong-key'))).toBe(401);
    expect(await idOf('/v1/chat/completions', post({ messages, n: 3 }))).toBe(400);
    expect(await idOf('/v1/nothing-here')).toBe(404);
    expect(await idOf('/health')).toBe(200);
    // Each answer its own id; a caller's own header is not taken.
    expect(ids.size).toBe(6);
  });
});

describe('an app whose console has a model', () => {
  let s: StartedApp;
  let peer: OpenAiPeer;
  beforeAll(async () => {
    peer = await startOpenAiPeer({ pieces: ['{"days": ', '1}'], usage: { prompt_tokens: 120, completion_tokens: 6 } });
    s = await startedApp(createOpenAiChat({ baseUrl: peer.url, model: 'peer-model' }));
  });
  afterAll(async () => {
    await s.t.close();
    await peer.close();
  });

  it('passes the caller’s temperature, token limit, stop words and JSON format to the model, and reports its counts', async () => {
    const completion = await clientOf(s).chat.completions.create({
      model: s.code,
      messages: [{ role: 'user', content: 'How long does delivery to Berlin take? Answer as JSON.' }],
      temperature: 0.2,
      max_completion_tokens: 64,
      stop: ['END'],
      response_format: { type: 'json_object' },
    });
    expect(completion.choices[0]?.message.content).toBe('{"days": 1}');
    expect(completion.usage).toEqual({ prompt_tokens: 120, completion_tokens: 6, total_tokens: 126 });
    const call = peer.calls().at(-1);
    expect(call).toMatchObject({
      temperature: 0.2,
      max_tokens: 64,
      stop: ['END'],
      response_format: { type: 'json_object' },
    });
  });

  it('lets the model write a front-end’s housekeeping request as it came: no knowledge, nothing stored, billed or flagged', async () => {
    const before = await stored(s.t);
    peer.reply({ pieces: ['{"title": "🕘 Opening hours"}'], usage: { prompt_tokens: 80, completion_tokens: 9 } });
    const completion = await clientOf(s).chat.completions.create({
      model: s.code,
      messages: [{ role: 'user', content: TITLE_TASK }],
    });
    expect(completion.choices[0]?.message.content).toBe('{"title": "🕘 Opening hours"}');
    expect(completion.usage).toEqual({ prompt_tokens: 80, completion_tokens: 9, total_tokens: 89 });
    // The model read the front-end's own request, and no knowledge or agent instructions, for a
    // short reply.
    expect(peer.calls().at(-1)?.messages).toEqual([{ role: 'user', content: TITLE_TASK }]);
    expect(peer.calls().at(-1)?.max_tokens).toBe(HOUSEKEEPING_MAX_TOKENS);
    expect(await stored(s.t)).toEqual(before);

    // Not billed, but not for a customer whose answers are used up either.
    await s.f.ok('POST', '/api/v3/dashboard/setQuota', { customerId: s.customerId, quota: 1 });
    await insertAnswers(s.t, { customerId: s.customerId, appId: null, at: new Date() });
    const spent = await clientOf(s)
      .chat.completions.create({ model: s.code, messages: [{ role: 'user', content: TITLE_TASK }] })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect((spent as { status?: number } | null)?.status).toBe(429);
    await s.f.ok('POST', '/api/v3/dashboard/setQuota', { customerId: s.customerId, quota: null });
    peer.reply({ pieces: ['{"days": ', '1}'], usage: { prompt_tokens: 120, completion_tokens: 6 } });
  });

  it('sends the model only what the caller set', async () => {
    await clientOf(s).chat.completions.create({
      model: s.code,
      messages: [{ role: 'user', content: 'How long does delivery to Berlin take?' }],
      max_tokens: 32,
    });
    const call = peer.calls().at(-1);
    expect(call?.max_tokens).toBe(32);
    expect(call).not.toHaveProperty('stop');
    expect(call).not.toHaveProperty('response_format');
  });
});
