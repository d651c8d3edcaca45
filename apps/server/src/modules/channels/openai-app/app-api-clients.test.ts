import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { qaAppSaved } from '@agent-console/server/test/fixtures/apps';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, type LanguageModel, streamText } from 'ai';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 36, acceptance 1: clients nobody here wrote, as development dependencies, against a started
 * app, plain and streamed, each with its usage figures: the official `openai` client (chat and the
 * Responses API), the Vercel AI SDK with `@ai-sdk/openai` (whose default model calls the Responses
 * API) and with `@ai-sdk/openai-compatible` (chat completions), and LangChain's `ChatOpenAI`.
 */
const { t, f } = useAdminApp();
let app: { code: string; port: number; apiKey: string };
let baseURL: string;

const QUESTION = 'What are your opening hours?';
const HOURS = 'We are open from 9 to 18 on weekdays.';

beforeAll(async () => {
  const { app: saved } = await qaAppSaved<{ id: number; code: string; port: number; apiKey: string }>(
    t,
    f,
    { question: QUESTION, answer: HOURS },
    { name: 'Front desk', code: 'front-desk' },
  );
  await f.ok('GET', `/api/v3/app/info/startApp/${saved.id}`);
  app = saved;
  baseURL = `http://127.0.0.1:${app.port}/v1`;
});

/** Usage figures as a client reports them: present, positive, and adding up. */
function expectUsage(input: number | undefined, output: number | undefined, total: number | undefined) {
  expect(input).toBeGreaterThan(0);
  expect(output).toBeGreaterThan(0);
  expect(total).toBe((input ?? 0) + (output ?? 0));
}

describe('the official openai client', () => {
  const client = () => new OpenAI({ baseURL, apiKey: app.apiKey, maxRetries: 0 });

  it('responses.create, plain: the answer as output_text, with usage', async () => {
    const response = await client().responses.create({ model: app.code, input: QUESTION, instructions: 'Be brief.' });
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe(HOURS);
    expectUsage(response.usage?.input_tokens, response.usage?.output_tokens, response.usage?.total_tokens);
  });

  it('responses.create, streamed: created, text deltas, completed with usage', async () => {
    const stream = await client().responses.create({
      model: app.code,
      input: [{ role: 'user', content: [{ type: 'input_text', text: QUESTION }] }],
      stream: true,
    });
    const types: string[] = [];
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(text).toBe(HOURS);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(types).toContain('response.output_item.done');
    expect(completed?.output_text ?? completed?.output).toBeTruthy();
    expectUsage(completed?.usage?.input_tokens, completed?.usage?.output_tokens, completed?.usage?.total_tokens);
  });

  it('chat, streamed with stream_options.include_usage: the usage in the last chunk', async () => {
    const stream = await client().chat.completions.create({
      model: app.code,
      messages: [{ role: 'user', content: QUESTION }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | null | undefined;
    let text = '';
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(HOURS);
    expectUsage(usage?.prompt_tokens, usage?.completion_tokens, usage?.total_tokens);
  });
});

/** The AI SDK's generateText and streamText with one model: the answer, and usage from both. */
async function plainAndStreamed(model: LanguageModel) {
  const plain = await generateText({ model, prompt: QUESTION, maxRetries: 0 });
  expect(plain.text).toBe(HOURS);
  expectUsage(plain.usage.inputTokens, plain.usage.outputTokens, plain.usage.totalTokens);

  const streamed = streamText({ model, prompt: QUESTION, maxRetries: 0 });
  let text = '';
  for await (const piece of streamed.textStream) text += piece;
  expect(text).toBe(HOURS);
  const usage = await streamed.usage;
  expectUsage(usage.inputTokens, usage.outputTokens, usage.totalTokens);
}

describe('the Vercel AI SDK', () => {
  it('@ai-sdk/openai’s default model (the Responses API), plain and streamed, with usage', async () => {
    const provider = createOpenAI({ baseURL, apiKey: app.apiKey });
    await plainAndStreamed(provider(app.code));
  });

  it('@ai-sdk/openai-compatible (chat completions), plain and streamed, with usage', async () => {
    const provider = createOpenAICompatible({ name: 'agent-console', baseURL, apiKey: app.apiKey, includeUsage: true });
    await plainAndStreamed(provider(app.code));
  });
});

describe('LangChain’s ChatOpenAI', () => {
  it('invokes and streams, with usage metadata', async () => {
    const chat = new ChatOpenAI({ model: app.code, apiKey: app.apiKey, configuration: { baseURL }, maxRetries: 0 });
    const message = await chat.invoke(QUESTION);
    expect(message.content).toBe(HOURS);
    const meta = message.usage_metadata;
    expectUsage(meta?.input_tokens, meta?.output_tokens, meta?.total_tokens);

    let text = '';
    let streamedMeta: typeof meta;
    for await (const chunk of await chat.stream(QUESTION)) {
      text += typeof chunk.content === 'string' ? chunk.content : '';
      streamedMeta = chunk.usage_metadata ?? streamedMeta;
    }
    expect(text).toBe(HOURS);
    expectUsage(streamedMeta?.input_tokens, streamedMeta?.output_tokens, streamedMeta?.total_tokens);
  });
});
