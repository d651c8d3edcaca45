import { describe, expect, it } from 'vitest';
import { stripThink, ThinkFilter } from './think-filter';

/** Runs the filter over `pieces`, returning what it let out piece by piece and in all. */
function run(pieces: string[]): { out: string[]; text: string } {
  const filter = new ThinkFilter();
  const out = pieces.map((p) => filter.push(p));
  out.push(filter.end());
  return { out, text: out.join('') };
}

/** Every way to cut `text` into three pieces. */
function* cuts(text: string): Generator<string[]> {
  for (let i = 0; i <= text.length; i++) {
    for (let j = i; j <= text.length; j++) yield [text.slice(0, i), text.slice(i, j), text.slice(j)];
  }
}

describe('the <think> filter', () => {
  it('cuts a block and the blank lines after it', () => {
    expect(stripThink('<think>\nThe user wants…\n</think>\n\nDelivery takes two days.')).toBe(
      'Delivery takes two days.',
    );
  });

  it('gives the same text however the reply is cut into pieces, tags split included', () => {
    const text = 'Hi <think>plan <b> it</think> there<Think>more</THINK>, bye <3';
    for (const pieces of cuts(text)) expect(run(pieces).text).toBe('Hi there, bye <3');
  });

  it('never lets out any part of a tag, even a tag split as `<thi` + `nk>`', () => {
    const { out } = run(['Answer: <thi', 'nk>secret</th', 'ink>\n', '42']);
    expect(out).toEqual(['Answer: ', '', '', '42', '']);
  });

  it('drops everything after a <think> that is never closed', () => {
    expect(run(['Yes. <think>I should', ' also mention…']).text).toBe('Yes. ');
    expect(stripThink('<think>only thoughts')).toBe('');
  });

  it('matches the tags in any case', () => {
    expect(stripThink('<THINK>x</Think>Done')).toBe('Done');
  });

  it('drops a stray closing tag left by servers that omit the opening one', () => {
    expect(stripThink('</think>\n\nHello')).toBe('Hello');
  });

  it('holds back a possible tag start and releases it once it turns out not to be one', () => {
    const { out } = run(['a <', 'b', ' <t', 'able>']);
    expect(out).toEqual(['a ', '<b', ' ', '<table>', '']);
    expect(run(['1 <']).text).toBe('1 <');
  });

  it('passes text without tags through unchanged, multi-byte characters and whitespace included', () => {
    const text = '  你好，<world> & ünïcödé\n';
    for (const pieces of cuts(text)) expect(run(pieces).text).toBe(text);
  });
});
