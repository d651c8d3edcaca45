import { parseExplicitPairs } from './qa-format';
import { type MinedQa, MinerError, type MinerInput, type QaMiner } from './qa-miner';

export interface OpenAiConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Per-call timeout; a stuck call must not keep a document "running" forever. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const PROMPT = [
  'You extract question-and-answer pairs from a document fragment for a customer-service knowledge base.',
  'Answer ONLY with pairs in this exact format, one blank line between pairs, nothing else:',
  'Q: <question>',
  'A: <answer>',
  'Use the language of the fragment. Answers must come from the fragment. If there is nothing to extract, answer NONE.',
].join('\n');

/** An OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style gateways, vLLM, Ollama). */
export function createOpenAiMiner(config: OpenAiConfig): QaMiner {
  const doFetch = config.fetchImpl ?? fetch;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: 'openai',
    async mine(input: MinerInput): Promise<MinedQa[]> {
      const fragment = input.heading ? `# ${input.heading}\n\n${input.content}` : input.content;
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            messages: [
              { role: 'system', content: PROMPT },
              { role: 'user', content: fragment },
            ],
          }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 60_000),
        });
      } catch (err) {
        throw new MinerError(`LLM unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!res.ok) throw new MinerError(`LLM answered HTTP ${res.status}`);
      const body = (await res.json().catch(() => null)) as {
        choices?: { message?: { content?: unknown } }[];
      } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new MinerError('LLM answer has no message content');
      if (content.trim() === 'NONE') return [];
      return parseExplicitPairs(content);
    },
  };
}
