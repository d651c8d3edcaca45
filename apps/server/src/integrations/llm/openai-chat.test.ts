import { describe, expect, it } from 'vitest';
import { LlmError } from './chat-llm';
import { createOpenAiChat } from './openai-chat';

/** A fetch that answers with these bytes, cut exactly where given (as a network may cut them). */
function fetchOf(parts: string[], init: { status?: number; contentType?: string } = {}): typeof fetch {
  return async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    });
    return new Response(body, {
      status: init.status ?? 200,
      headers: { 'content-type': init.contentType ?? 'text/event-stream' },
    });
  };
}

const event = (delta: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: delta } }] })}\n\n`;
const chat = (fetchImpl: typeof fetch) =>
  createOpenAiChat({ baseUrl: 'http://llm.invalid/v1', model: 'm', fetchImpl }).chat;

describe('the streamed OpenAI client', () => {
  it('reads events split anywhere, including inside a multi-byte character', async () => {
    const whole = `${event('你好，')}${event('world')}data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 2 } })}\n\ndata: [DONE]\n\n`;
    const bytes = Buffer.from(whole);
    // Cut at every 5 bytes: lines and the UTF-8 of 你 and 好 are split across reads.
    const parts: string[] = [];
    const decoder = new TextDecoder();
    for (let i = 0; i < bytes.length; i += 5) parts.push(decoder.decode(bytes.subarray(i, i + 5), { stream: true }));
    const pieces: string[] = [];
    const result = await chat(fetchOf(parts))({ messages: [], onDelta: (p) => pieces.push(p) });
    expect(result).toEqual({ content: '你好，world', promptTokens: 7, completionTokens: 2 });
    expect(pieces.join('')).toBe('你好，world');
  });

  it('reads a service that ignores `stream` and answers one JSON completion', async () => {
    const body = JSON.stringify({
      choices: [{ message: { content: 'Whole.' } }],
      usage: { prompt_tokens: 3, completion_tokens: 1 },
    });
    const pieces: string[] = [];
    const result = await chat(fetchOf([body], { contentType: 'application/json' }))({
      messages: [],
      onDelta: (p) => pieces.push(p),
    });
    expect(result).toEqual({ content: 'Whole.', promptTokens: 3, completionTokens: 1 });
    expect(pieces).toEqual(['Whole.']);
  });

  it('fails with an LlmError on an HTTP error, an error event, a broken event or an empty reply', async () => {
    await expect(chat(fetchOf(['nope'], { status: 500, contentType: 'text/plain' }))({ messages: [] })).rejects.toThrow(
      /HTTP 500: nope/,
    );
    await expect(chat(fetchOf([`data: {"error":{"message":"quota"}}\n\n`]))({ messages: [] })).rejects.toThrow(/quota/);
    await expect(chat(fetchOf(['data: {broken\n\n']))({ messages: [] })).rejects.toBeInstanceOf(LlmError);
    await expect(chat(fetchOf(['data: [DONE]\n\n']))({ messages: [] })).rejects.toThrow(/empty/);
    const unreachable: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(chat(unreachable)({ messages: [] })).rejects.toThrow(/unreachable/);
  });
});
