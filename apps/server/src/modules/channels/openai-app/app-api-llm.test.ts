import { freePort } from '@agent-console/server/test/child-server';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertDocument } from '@agent-console/server/test/fixtures/answers';
import { useOpenAiPeer } from '@agent-console/server/test/fixtures/openai-peer';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentAnswers, agentConversations } from '../../../db/schema';
import { createOpenAiChat } from '../../../integrations/llm';

/**
 * An app whose console has an LLM: its API streams the LLM's pieces as they arrive, and every
 * answer is stored, one conversation per end user (`user`).
 */
const peer = useOpenAiPeer({
  pieces: ['Berlin: ', 'one ', 'working day.'],
  usage: { prompt_tokens: 120, completion_tokens: 6 },
});
const { t, f } = useAdminApp(() => ({ llm: createOpenAiChat({ baseUrl: peer.url, model: 'peer-model' }) }));
let app: { id: number; code: string; port: number; apiKey: string };

beforeAll(async () => {
  const customerId = await f.customer();
  await insertDocument(t, {
    customerId,
    name: 'Shipping.pdf',
    fragments: ['Delivery to Berlin usually takes one working day.'],
  });
  app = await f.ok('POST', '/api/v3/app/info/save', { customerId, name: 'Desk', code: 'desk', port: await freePort() });
  await f.ok('GET', `/api/v3/app/info/startApp/${app.id}`);
});

describe('an app answering through the LLM', () => {
  it('streams the LLM’s pieces and stores each answer in the end user’s conversation with its usage', async () => {
    const client = new OpenAI({ baseURL: `http://127.0.0.1:${app.port}/v1`, apiKey: app.apiKey, maxRetries: 0 });
    const ask = async () => {
      const stream = await client.chat.completions.create({
        model: app.code,
        messages: [{ role: 'user', content: 'How long does delivery to Berlin take?' }],
        stream: true,
        user: 'customer-7',
      });
      const pieces: string[] = [];
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta.content;
        if (piece) pieces.push(piece);
      }
      return pieces;
    };
    expect(await ask()).toEqual(['Berlin: ', 'one ', 'working day.']);
    await ask();

    const conversations = await t.database.db
      .select()
      .from(agentConversations)
      .where(eq(agentConversations.appId, app.id));
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ channel: 'api', externalKey: 'customer-7' });
    const answers = await t.database.db
      .select()
      .from(agentAnswers)
      .where(eq(agentAnswers.conversationId, conversations[0]?.id ?? 0));
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatchObject({
      step: 'llm',
      answer: 'Berlin: one working day.',
      units: 1,
      promptTokens: 120,
      completionTokens: 6,
    });
  });
});
