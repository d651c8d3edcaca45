import { chatCompletionRequestSchema } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { streamPieces } from '../../../agent/answer/stream-pieces';
import { describeIssue, toAgentMessages } from './openai-format';

describe('streamPieces', () => {
  it('cuts a reply into words and short CJK runs that join back to the reply', () => {
    const reply =
      '  Delivery to Berlin takes a day.\n\n退货运费由买家承担，收到商品后七天内可以无理由退货。\n\nSources: A ';
    const pieces = streamPieces(reply);
    expect(pieces.join('')).toBe(reply);
    expect(pieces.length).toBeGreaterThan(8);
    for (const piece of pieces) expect([...piece.trim()].length).toBeLessThanOrEqual(16);
  });
});

describe('toAgentMessages', () => {
  it('reads text parts, treats developer as system and leaves out tool turns', () => {
    expect(
      toAgentMessages([
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [{ type: 'text', text: 'Hello' }, { type: 'image_url' }, { type: 'text', text: 'there' }],
        },
        { role: 'assistant', content: null },
        { role: 'tool', content: 'result' },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hello\nthere' },
      { role: 'assistant', content: '' },
    ]);
  });
});

describe('describeIssue', () => {
  it('names the first bad field and why', () => {
    const parsed = chatCompletionRequestSchema.safeParse({ messages: [{ role: 'robot', content: 'x' }] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeIssue(parsed.error).param).toBe('messages.0.role');
  });
});
