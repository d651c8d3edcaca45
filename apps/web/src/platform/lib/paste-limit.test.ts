import { describe, expect, it } from 'vitest';
import { charactersCut } from './paste-limit';

describe('charactersCut', () => {
  const empty = { before: '', start: 0, end: 0 };

  it('counts what a counter that trims the whole text left out, in characters', () => {
    const pasted = `${'字'.repeat(199)}😀😀`;
    expect(charactersCut({ ...empty, pasted }, Array.from(pasted).slice(0, 200).join(''))).toBe(1);
  });

  it('counts what the browser’s maxlength left out of a paste between kept text', () => {
    const state = { before: 'hello world', start: 6, end: 11, pasted: 'everyone here' };
    expect(charactersCut(state, 'hello every')).toBe(8);
    expect(charactersCut({ before: 'ab', start: 1, end: 1, pasted: 'XYZ' }, 'aXb')).toBe(2);
  });

  it('says nothing when the whole paste went in, or the field formats rather than cuts', () => {
    expect(charactersCut({ ...empty, pasted: 'abc' }, 'abc')).toBe(0);
    expect(charactersCut({ ...empty, pasted: 'abc' }, 'ABC')).toBe(0);
    expect(charactersCut({ ...empty, pasted: ' 12 34 ' }, '1234')).toBe(0);
    expect(charactersCut({ before: 'x', start: 1, end: 1, pasted: 'abc' }, 'xabc')).toBe(0);
  });
});
