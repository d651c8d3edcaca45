import { type ChatLlm, type LlmChatRequest, type LlmChatResult, LlmError } from './chat-llm';

export interface OpenAiChatConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Longest wait for the whole reply; a stuck service must not hold a conversation forever. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

interface StreamChunk {
  choices?: { delta?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: { message?: unknown };
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * An OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, gateways), streamed as
 * server-sent events. Usage is asked for with `stream_options.include_usage`; services that do
 * not report it leave the token counts null.
 */
export function createOpenAiChat(config: OpenAiChatConfig): ChatLlm {
  const doFetch = config.fetchImpl ?? fetch;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    model: config.model,
    async chat(request: LlmChatRequest): Promise<LlmChatResult> {
      const timeout = AbortSignal.timeout(config.timeoutMs ?? 120_000);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: request.model || config.model,
            messages: request.messages,
            stream: true,
            stream_options: { include_usage: true },
            ...(request.temperature != null ? { temperature: request.temperature } : {}),
          }),
          signal,
        });
      } catch (err) {
        throw new LlmError(`LLM unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!res.ok || !res.body) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        throw new LlmError(`LLM answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
      }
      // A service that ignores `stream` answers one JSON completion; read that too.
      if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        return fromCompletion(await res.json().catch(() => null), request);
      }
      return readStream(res.body, request, signal);
    },
  };
}

function fromCompletion(body: unknown, request: LlmChatRequest): LlmChatResult {
  const completion = body as {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  } | null;
  const content = completion?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new LlmError('LLM answer has no message content');
  request.onDelta?.(content);
  return {
    content,
    promptTokens: count(completion?.usage?.prompt_tokens),
    completionTokens: count(completion?.usage?.completion_tokens),
  };
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  request: LlmChatRequest,
  signal: AbortSignal,
): Promise<LlmChatResult> {
  const decoder = new TextDecoder();
  let buffer = '';
  let content = '';
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let done = false;
  const handle = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(data) as StreamChunk;
    } catch {
      throw new LlmError('LLM stream sent an event that is not JSON');
    }
    if (chunk.error) throw new LlmError(`LLM stream failed: ${String(chunk.error.message ?? 'unknown error')}`);
    const piece = chunk.choices?.[0]?.delta?.content;
    if (typeof piece === 'string' && piece) {
      content += piece;
      request.onDelta?.(piece);
    }
    if (chunk.usage) {
      promptTokens = count(chunk.usage.prompt_tokens) ?? promptTokens;
      completionTokens = count(chunk.usage.completion_tokens) ?? completionTokens;
    }
  };
  try {
    for await (const bytes of body) {
      buffer += decoder.decode(bytes, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        handle(buffer.slice(0, newline).replace(/\r$/, ''));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
      if (done) break;
    }
    if (buffer.trim()) handle(buffer.trim());
  } catch (err) {
    if (err instanceof LlmError) throw err;
    throw new LlmError(
      signal.aborted
        ? 'LLM reply took too long'
        : `LLM stream broke: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!content.trim()) throw new LlmError('LLM reply was empty');
  return { content, promptTokens, completionTokens };
}
