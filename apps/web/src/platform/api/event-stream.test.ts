import { describe, expect, it } from 'vitest';
import { EventStreamParser, readEventStream, type StreamEvent } from './event-stream';

const all = (pieces: string[]) => {
  const parser = new EventStreamParser();
  return [...pieces.flatMap((p) => parser.push(p)), ...parser.end()];
};

describe('EventStreamParser', () => {
  it('reads named events with JSON data, whatever the pieces', () => {
    const text =
      'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {"answerId":7}\n\n';
    const expected: StreamEvent[] = [
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'delta', data: '{"text":"lo"}' },
      { event: 'done', data: '{"answerId":7}' },
    ];
    expect(all([text])).toEqual(expected);
    // One character at a time, and cut in every other place.
    expect(all([...text])).toEqual(expected);
    for (let cut = 1; cut < text.length; cut++) expect(all([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
  });

  it('accepts CRLF and CR line endings, also split between pieces', () => {
    expect(all(['event: a\r', '\ndata: 1\r', '\n\r', '\n'])).toEqual([{ event: 'a', data: '1' }]);
    expect(all(['event: b\rdata: 2\r\r'])).toEqual([{ event: 'b', data: '2' }]);
  });

  it('joins data lines, skips comments and empty events, names unnamed ones "message"', () => {
    expect(all([': keep-alive\n\n', 'data: one\ndata:two\n\n', 'event: lonely\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('hands over a last event that lacks its blank line', () => {
    expect(all(['event: done\ndata: {}'])).toEqual([{ event: 'done', data: '{}' }]);
  });
});

describe('readEventStream', () => {
  it('decodes bytes split inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"营业时间😀"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    await readEventStream(body, (e) => events.push(e));
    expect(events).toEqual([{ event: 'delta', data: '{"text":"营业时间😀"}' }]);
  });
});
