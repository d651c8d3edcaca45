import { describe, expect, it } from 'vitest';
import { GroundedStream, isNoAnswer, NO_ANSWER } from './grounding';

describe('GroundedStream', () => {
  it('holds pieces while they may be the signal, then passes everything on', () => {
    const seen: string[] = [];
    const stream = new GroundedStream((p) => seen.push(p));
    stream.push('NO');
    expect(seen).toEqual([]);
    stream.push('w open');
    stream.push(' from 9.');
    expect(seen.join('')).toBe('NOw open from 9.');
    expect(stream.streamed).toBe(true);
  });

  it('never shows the signal, also split across pieces and followed by text', () => {
    const seen: string[] = [];
    const stream = new GroundedStream((p) => seen.push(p));
    for (const piece of [' NO_', 'ANS', 'WER', '. Sorry.']) stream.push(piece);
    expect(seen).toEqual([]);
    expect(stream.streamed).toBe(false);
    expect(isNoAnswer(` ${NO_ANSWER}. Sorry.`)).toBe(true);
    expect(isNoAnswer('The answer is NO_ANSWER')).toBe(false);
  });
});
