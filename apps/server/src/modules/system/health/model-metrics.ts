import type { ModelClient, WorkMetrics } from '../../../http/app-deps';
import type { EmbeddingClient } from '../../../integrations/embedding';
import { type ChatLlm, LlmError, MinerError, type QaMiner } from '../../../integrations/llm';

/**
 * The model clients as the app uses them, each call counted by outcome and timed (issue 33):
 * `ok`, or the kind of the failure (`http`, `timeout`, `breaker`, `aborted`, …). Wrapped once in
 * the composition root, so no caller has to remember to count.
 */
export function meteredChatLlm(llm: ChatLlm, metrics: Pick<WorkMetrics, 'modelCall'>): ChatLlm {
  return {
    model: llm.model,
    ...(llm.breaker ? { breaker: llm.breaker } : {}),
    chat: (request) => timed(metrics, 'chat', () => llm.chat(request)),
  };
}

export function meteredMiner(miner: QaMiner, metrics: Pick<WorkMetrics, 'modelCall'>): QaMiner {
  // The built-in miner calls no service: nothing to count.
  if (miner.name === 'local') return miner;
  return {
    name: miner.name,
    ...(miner.breaker ? { breaker: miner.breaker } : {}),
    mine: (input) => timed(metrics, 'miner', () => miner.mine(input)),
  };
}

export function meteredEmbeddings(client: EmbeddingClient, metrics: Pick<WorkMetrics, 'modelCall'>): EmbeddingClient {
  return {
    key: client.key,
    model: client.model,
    breaker: client.breaker,
    embed: (texts, signal) => timed(metrics, 'embedding', () => client.embed(texts, signal)),
  };
}

async function timed<T>(
  metrics: Pick<WorkMetrics, 'modelCall'>,
  client: ModelClient,
  call: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const result = await call();
    metrics.modelCall(client, 'ok', seconds());
    return result;
  } catch (err) {
    const kind = err instanceof LlmError || err instanceof MinerError ? err.kind : null;
    metrics.modelCall(client, kind ?? 'error', seconds());
    throw err;
  }
}
