import type { ServerResponse } from 'node:http';
import type { AgentChatDone } from '@agent-console/contracts';
import type { TestApp } from '@agent-console/server/test/test-app';

/** One server-sent event of the bubble's stream. */
export interface ChatEvent {
  event: string;
  data: unknown;
}

/** The answer of POST /ai-role/chat: its events when it streamed, its envelope when it did not. */
export interface ChatAnswer {
  status: number;
  contentType: string;
  headers: Record<string, unknown>;
  events: ChatEvent[];
  /** The JSON envelope of a refusal; null for a stream. */
  envelope: { code: string; message: string; data: unknown } | null;
  /** The deltas joined: the answer as the bubble shows it. */
  text: string;
  done: AgentChatDone | null;
}

/** Splits a `text/event-stream` body into its events (`event:` and one JSON `data:` line each). */
export function parseEvents(body: string): ChatEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}

export async function askBubble(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  lang = 'en',
): Promise<ChatAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v3/ai-role/chat',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: body,
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const streamed = contentType.startsWith('text/event-stream');
  const events = streamed ? parseEvents(res.body) : [];
  const done = events.find((e) => e.event === 'done')?.data as AgentChatDone | undefined;
  return {
    status: res.statusCode,
    contentType,
    headers: res.headers,
    events,
    envelope: streamed ? null : (res.json() as ChatAnswer['envelope']),
    text: events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join(''),
    done: done ?? null,
  };
}

/**
 * An OpenAI-compatible chat endpoint's streamed answer in `pieces`, as the LLM tests' local peer
 * sends it; `breakAfter` sends an error chunk after that many pieces instead of finishing.
 */
export function openAiStream(res: ServerResponse, pieces: string[], breakAfter?: number): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  pieces.forEach((piece, i) => {
    if (breakAfter !== undefined && i >= breakAfter) return;
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
  });
  if (breakAfter !== undefined) {
    res.end(`data: ${JSON.stringify({ error: { message: 'the model went away' } })}\n\n`);
    return;
  }
  res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 42, completion_tokens: 7 } })}\n\n`);
  res.end('data: [DONE]\n\n');
}
