import { CallScope } from './call-scope';
import { LlmError } from './chat-llm';
import type { CircuitBreaker } from './circuit-breaker';
import { parseCompletion, readBody } from './completion';
import { breakerOf, chatCompletionsUrl, jsonPost, type OpenAiEndpointConfig } from './openai-endpoint';
import { callProvider, type ProviderCallOptions } from './provider-call';
import { parseExplicitPairs } from './qa-format';
import { type MinedQa, MinerError, type MinerInput, type QaMiner } from './qa-miner';
import { stripThink } from './think-filter';

export interface OpenAiConfig extends OpenAiEndpointConfig {
  /** Per-call timeout, retries included; a stuck call must not keep a document "running" forever. Default 60 s. */
  timeoutMs?: number;
  /**
   * Longest wait for the response headers, per attempt. Default 45 s, not the chat's 15 s: a
   * non-streamed answer's headers only come once the whole completion is written.
   */
  connectTimeoutMs?: number;
}

export const MINER_TIMEOUT_MS = 60_000;
export const MINER_CONNECT_TIMEOUT_MS = 45_000;

/** The OpenAI-compatible miner, with the breaker it calls through. */
export interface OpenAiMiner extends QaMiner {
  readonly breaker: CircuitBreaker;
}

const PROMPT = [
  'You extract question-and-answer pairs from a document fragment for a customer-service knowledge base.',
  'Answer ONLY with pairs in this exact format, one blank line between pairs, nothing else:',
  'Q: <question>',
  'A: <answer>',
  'Use the language of the fragment. Answers must come from the fragment. If there is nothing to extract, answer NONE.',
].join('\n');

/**
 * An OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style gateways, vLLM, Ollama),
 * not streamed. Calls go through `callProvider` (retries, connect limit) under a whole-call limit
 * and this miner's circuit breaker; failures are `MinerError`s carrying the `LlmError`'s `kind`.
 * A reasoning model's `<think>` block is cut out before the pairs are read.
 */
export function createOpenAiMiner(config: OpenAiConfig): OpenAiMiner {
  const url = chatCompletionsUrl(config.baseUrl);
  const breaker = breakerOf(config.breaker);
  const callOptions: ProviderCallOptions = {
    ...config,
    connectTimeoutMs: config.connectTimeoutMs ?? MINER_CONNECT_TIMEOUT_MS,
  };
  const complete = async (fragment: string): Promise<string> => {
    const scope = new CallScope({
      timeoutMs: config.timeoutMs ?? MINER_TIMEOUT_MS,
      timeoutMessage: 'LLM took too long',
    });
    try {
      const init = jsonPost(config, {
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: fragment },
        ],
      });
      const res = await callProvider(url, init, scope, callOptions);
      return parseCompletion(await readBody(res.body as ReadableStream<Uint8Array>, scope)).content;
    } finally {
      scope.dispose();
    }
  };
  return {
    name: 'openai',
    breaker,
    async mine(input: MinerInput): Promise<MinedQa[]> {
      const fragment = input.heading ? `# ${input.heading}\n\n${input.content}` : input.content;
      let content: string;
      try {
        content = stripThink(await breaker.run(() => complete(fragment))).trim();
      } catch (err) {
        if (err instanceof LlmError) throw new MinerError(err.message, err.kind, { cause: err });
        throw err;
      }
      if (content === 'NONE') return [];
      return parseExplicitPairs(content);
    },
  };
}
