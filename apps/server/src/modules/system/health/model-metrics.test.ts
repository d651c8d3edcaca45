import { randomBytes } from 'node:crypto';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { askBubble } from '@agent-console/server/test/fixtures/agent-chat';
import { insertDocument } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { quickBreakingChat } from '@agent-console/server/test/fixtures/model-client';
import { useOpenAiPeer } from '@agent-console/server/test/fixtures/openai-peer';
import { promSample } from '@agent-console/server/test/fixtures/prometheus';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33's figures in GET /metrics, from real answers of an app whose model is a local HTTP
 * server: answers by step and channel, calls to the model by outcome with their time, the
 * answers the built-in answerer wrote because the model failed, and the model's breaker.
 */
const TOKEN = randomBytes(24).toString('base64url');
const peer = useOpenAiPeer({ pieces: ['Two working days.'] });
const { t, admin, f } = useAdminApp(() => ({ metricsToken: TOKEN, llm: quickBreakingChat(peer.url) }));

async function metricsText(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The sample's value; 0 for one not there yet (a counter not incremented). */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number =>
  promSample(text, name, labels) ?? 0;

async function ask(message: string) {
  const customerId = await f.customer();
  const app = await insertApp(t, { customerId });
  await insertDocument(t, {
    customerId,
    name: 'Shipping guide',
    fragments: ['Delivery within Germany takes two working days. Express delivery costs 9 euros.'],
  });
  return askBubble(t, admin(), { customerId, appId: app.id, message });
}

describe('model and answer metrics', () => {
  it('counts answers by step and channel, and model calls by outcome with their time', async () => {
    const before = await metricsText();
    const answered = await ask('How long does delivery within Germany take?');
    expect(answered.done?.step).toBe('llm');
    await ask('Can I bring my parrot to the office?');
    const after = await metricsText();
    const answers = (x: string, step: string) => sample(x, 'agent_console_answers_total', { step, channel: 'bubble' });
    expect(answers(after, 'llm')).toBe(answers(before, 'llm') + 1);
    expect(answers(after, 'fallback')).toBe(answers(before, 'fallback') + 1);
    const calls = (x: string) => sample(x, 'agent_console_model_calls_total', { client: 'chat', outcome: 'ok' });
    expect(calls(after)).toBe(calls(before) + 1);
    expect(sample(after, 'agent_console_model_call_seconds_count', { client: 'chat' })).toBe(calls(after));
    expect(sample(after, 'agent_console_answer_duration_seconds_count', { channel: 'bubble' })).toBeGreaterThanOrEqual(
      2,
    );
    expect(sample(after, 'agent_console_model_breaker_state', { client: 'chat' })).toBe(0);
  });

  it('counts a failing model by the kind of its failure, the built-in answers it covered, and the breaker opening', async () => {
    const before = await metricsText();
    peer.reply({ status: 500, body: '{"error":{"message":"down"}}' });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await ask('How long does delivery within Germany take?');
        expect(res.done?.step).toBe('knowledge');
      }
    } finally {
      peer.reply({ pieces: ['Two working days.'] });
    }
    const after = await metricsText();
    const calls = (x: string, outcome: string) =>
      sample(x, 'agent_console_model_calls_total', { client: 'chat', outcome });
    expect(calls(after, 'http')).toBe(calls(before, 'http') + 2);
    // The breaker opened after two failures: the third answer never reached the model.
    expect(calls(after, 'breaker')).toBe(calls(before, 'breaker') + 1);
    expect(sample(after, 'agent_console_llm_fallbacks_total')).toBe(
      sample(before, 'agent_console_llm_fallbacks_total') + 3,
    );
    expect(sample(after, 'agent_console_model_breaker_state', { client: 'chat' })).toBe(2);
  });
});
