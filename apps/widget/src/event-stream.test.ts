import { type StreamEvent as SseEvent, EventStreamParser as SseParser } from '@agent-console/contracts/event-stream';
import { describe, expect, it } from 'vitest';

function feed(chunks: string[]): SseEvent[] {
  const parser = new SseParser();
  const events = chunks.flatMap((chunk) => parser.push(chunk));
  return events.concat(parser.end());
}

describe('SseParser', () => {
  it('reads events split across chunks anywhere', () => {
    const stream =
      'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {}\n\n';
    const expected = [
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'delta', data: '{"text":"lo"}' },
      { event: 'done', data: '{}' },
    ];
    for (let size = 1; size <= stream.length; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(feed(chunks)).toEqual(expected);
    }
  });

  it('returns several events of one chunk in order, and only complete ones', () => {
    const parser = new SseParser();
    expect(parser.push('event: delta\ndata: a\n\nevent: delta\ndata: b\n\nevent: del')).toEqual([
      { event: 'delta', data: 'a' },
      { event: 'delta', data: 'b' },
    ]);
    expect(parser.push('ta\ndata: c')).toEqual([]);
    expect(parser.push('\n\n')).toEqual([{ event: 'delta', data: 'c' }]);
  });

  it('takes \\r\\n and \\r as line ends, also when a \\r\\n is split', () => {
    expect(feed(['event: delta\r\ndata: x\r\n\r\nevent: done\rdata: y\r\r'])).toEqual([
      { event: 'delta', data: 'x' },
      { event: 'done', data: 'y' },
    ]);
    expect(feed(['event: delta\r', '\ndata: x\r', '\n\r', '\n'])).toEqual([{ event: 'delta', data: 'x' }]);
  });

  it('joins multi-line data with \\n and keeps a value without its first space only', () => {
    expect(feed(['data: one\ndata:two\ndata:  three\ndata\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo\n three\n' },
    ]);
  });

  it('skips comments, unknown fields and events without data', () => {
    expect(feed([': keep-alive\n\nid: 1\nretry: 10\nevent: ping\n\nevent: delta\nfoo: bar\ndata: z\n\n'])).toEqual([
      { event: 'delta', data: 'z' },
    ]);
  });

  it('keeps a trailing partial event until it is complete, and reads it at the end of the stream', () => {
    const parser = new SseParser();
    expect(parser.push('event: done\ndata: {"sources":[],')).toEqual([]);
    expect(parser.push('"needsPerson":false}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'done', data: '{"sources":[],"needsPerson":false}' }]);
    expect(parser.end()).toEqual([]);
  });

  it('keeps multi-byte text whole when decoded in a stream', () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"你好，世界"}\n\n');
    const decoder = new TextDecoder();
    const parser = new SseParser();
    const events: SseEvent[] = [];
    for (const byte of bytes) events.push(...parser.push(decoder.decode(new Uint8Array([byte]), { stream: true })));
    expect(events).toEqual([{ event: 'delta', data: '{"text":"你好，世界"}' }]);
  });
});
