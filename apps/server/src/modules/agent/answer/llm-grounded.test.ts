import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { insertDocument, insertQa, setAgentItem } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { peerChat } from '@agent-console/server/test/fixtures/model-client';
import { type ChatCall, useOpenAiPeer } from '@agent-console/server/test/fixtures/openai-peer';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer } from './agent';
import type { AgentDeps } from './agent-types';
import { NO_ANSWER } from './grounding';

/**
 * Issue 33 with a language model, against a real local HTTP server speaking the OpenAI API: the
 * candidates reach the model whole within the app's budget, QA included; the model is asked below
 * the built-in answerer's bar and for small talk; it hands over through NO_ANSWER; a follow-up is
 * rewritten into a standalone question before retrieval.
 */
const { t, f } = useAdminApp();
const peer = useOpenAiPeer();
let deps: AgentDeps;

beforeAll(() => {
  deps = { db: t.database.db, llm: peerChat(peer.url) };
});
beforeEach(() => {
  peer.received.length = 0;
  peer.reply({ pieces: ['Nine ', 'days.'], usage: { prompt_tokens: 100, completion_tokens: 3 } });
});

const FILLER = 'Every parcel is packed by hand in our warehouse and checked twice before it leaves. '.repeat(30);
const ICELAND_FACT = 'Parcels to Iceland take nine working days.';
const EXPRESS = 'Express delivery to Iceland costs 40 euros per parcel.';

async function setup() {
  const customerId = await f.customer();
  const app = await insertApp(t, { customerId });
  await insertDocument(t, {
    customerId,
    name: 'Shipping guide.pdf',
    fragments: [
      { heading: 'Parcels to Iceland', content: `${FILLER}${ICELAND_FACT}` },
      { heading: 'Express prices', content: EXPRESS },
    ],
  });
  const qaId = await insertQa(t, {
    customerId,
    question: 'Do you ship parcels abroad?',
    answer: 'Yes, to every country of Europe, Iceland included.',
  });
  return { customerId, app: { id: app.id, customerId }, qaId };
}

const systemOf = (call: ChatCall | undefined) => call?.messages[0]?.content ?? '';
const ask = (customerId: number, appId: number, ...turns: string[]) =>
  answer(deps, {
    customerId,
    appId,
    messages: turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content })),
  });

describe('the whole context', () => {
  it('gives the model a long section whole, with the fact at its end, and QA as question and answer', async () => {
    const { customerId, app, qaId } = await setup();
    expect(FILLER.length + ICELAND_FACT.length).toBeGreaterThan(2000);
    const result = await ask(customerId, app.id, 'How long do parcels to Iceland take?');
    const system = systemOf(peer.calls()[0]);
    expect(system).toContain(ICELAND_FACT);
    expect(system).toContain('Q: Do you ship parcels abroad?\nA: Yes, to every country of Europe, Iceland included.');
    expect(result).toMatchObject({ step: 'llm', content: 'Nine days.', needsPerson: false });
    expect(result.sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'document', name: 'Shipping guide.pdf' }),
        expect.objectContaining({ kind: 'qa', qaId }),
      ]),
    );
  });

  it('keeps to the app’s token budget: the best candidate first, the others only while they fit', async () => {
    const { customerId, app } = await setup();
    await setAgentItem(t, app, 'contextTokens', '200');
    await ask(customerId, app.id, 'How long do parcels to Iceland take?');
    const system = systemOf(peer.calls()[0]);
    expect(system).toContain('[1] Shipping guide.pdf — Parcels to Iceland');
    expect(system).not.toContain('[2]');
  });

  it('asks the model where the built-in answerer would hand over, as long as a candidate reaches llmMinCoverage', async () => {
    const { customerId, app } = await setup();
    await setAgentItem(t, app, 'minCoverage', '1');
    await setAgentItem(t, app, 'minMargin', '1');
    const result = await ask(customerId, app.id, 'How long do parcels to Iceland take?');
    expect(result.step).toBe('llm');
    expect(peer.calls()).toHaveLength(1);
  });
});

describe('grounded or handed over', () => {
  it('a NO_ANSWER from the model becomes the fallback that asks for a person, and is never shown', async () => {
    const { customerId, app } = await setup();
    await setAgentItem(t, app, 'fallbackReply', 'A colleague will get back to you.');
    peer.reply({ pieces: ['NO_', 'ANSWER'], usage: { prompt_tokens: 80, completion_tokens: 2 } });
    const pieces: string[] = [];
    const result = await answer(deps, {
      customerId,
      appId: app.id,
      messages: [{ role: 'user', content: 'How long do parcels to Iceland take by horse?' }],
      onDelta: (piece) => pieces.push(piece),
    });
    expect(result).toMatchObject({
      step: 'fallback',
      needsPerson: true,
      content: 'A colleague will get back to you.',
      sources: [],
      usage: { promptTokens: 80, completionTokens: 2 },
    });
    expect(pieces.join('')).toBe('A colleague will get back to you.');
    expect(pieces.join('')).not.toContain(NO_ANSWER);
    expect(systemOf(peer.calls()[0])).toContain(`reply with exactly ${NO_ANSWER}`);
  });

  it('answers a greeting briefly through the model, without knowledge or sources', async () => {
    const { customerId, app } = await setup();
    peer.reply({ pieces: ['Hello! How can I help?'] });
    const result = await ask(customerId, app.id, 'Hi there!');
    expect(result).toMatchObject({ step: 'llm', content: 'Hello! How can I help?', sources: [], needsPerson: false });
    const system = systemOf(peer.calls()[0]);
    expect(system).toContain('small talk');
    expect(system).not.toContain('Knowledge:');
  });
});

describe('a follow-up with a model', () => {
  it('is rewritten into a standalone question (one short call) and that is what is searched', async () => {
    const { customerId, app } = await setup();
    peer.reply((call) =>
      systemOf(call).startsWith('Rewrite the last user message')
        ? {
            pieces: ['How much does express delivery to Iceland cost?'],
            usage: { prompt_tokens: 30, completion_tokens: 9 },
          }
        : { pieces: ['40 euros.'], usage: { prompt_tokens: 100, completion_tokens: 3 } },
    );
    const result = await ask(
      customerId,
      app.id,
      'How long do parcels to Iceland take?',
      'Nine working days.',
      'and what does express cost?',
    );
    const [rewrite, written] = peer.calls();
    expect(rewrite?.messages.at(-1)?.content).toContain('Last user message: and what does express cost?');
    expect(rewrite?.temperature).toBe(0);
    const knowledge = systemOf(written);
    expect(knowledge.indexOf(EXPRESS)).toBeGreaterThan(-1);
    expect(knowledge.indexOf(EXPRESS)).toBeLessThan(knowledge.indexOf(ICELAND_FACT) >>> 0);
    expect(result).toMatchObject({
      step: 'llm',
      content: '40 euros.',
      usage: { promptTokens: 130, completionTokens: 12 },
    });
  });

  it('is searched with the turn before it when the rewrite fails', async () => {
    const { customerId, app } = await setup();
    peer.reply((call) =>
      systemOf(call).startsWith('Rewrite the last user message') ? { status: 400 } : { pieces: ['40 euros.'] },
    );
    const result = await ask(
      customerId,
      app.id,
      'How much is express delivery to Iceland?',
      '40 euros.',
      'and to Iceland by express?',
    );
    expect(result.step).toBe('llm');
    expect(systemOf(peer.calls().at(-1))).toContain(EXPRESS);
  });
});
