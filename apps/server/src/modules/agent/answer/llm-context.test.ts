import { qaUnit as qa } from '@agent-console/server/test/fixtures/knowledge-units';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../knowledge/documents/chunker';
import type { KnowledgeUnit } from './knowledge-index';
import { blockText, knowledgeContext } from './llm-context';

const passage = (id: number, text: string): KnowledgeUnit => ({
  kind: 'fragment',
  id,
  fileId: 7,
  fileName: 'Guide.docx',
  folderId: null,
  title: 'Delivery',
  text,
});

describe('knowledgeContext', () => {
  it('gives QA as question and answer, and passages whole with their document and heading', () => {
    const tail = 'The fact that answers sits at the very end of this long section.';
    const long = `${'Filler words about delivery. '.repeat(300)}${tail}`;
    const blocks = knowledgeContext(
      [qa(1, 'Can I pay by invoice?', 'Yes, within 30 days.'), passage(2, long)],
      3000,
      5,
    );
    expect(blocks.map((b) => b.text)).toEqual([
      'Q: Can I pay by invoice?\nA: Yes, within 30 days.',
      `Guide.docx — Delivery\n${long}`,
    ]);
    expect(blocks[1]?.text.endsWith(tail)).toBe(true);
  });

  it('adds candidates best first while they fit the budget, at most max', () => {
    const units = [1, 2, 3, 4].map((i) => passage(i, `Passage ${i}. ${'word '.repeat(100)}`));
    const size = countTokens(blockText(units[0] as KnowledgeUnit));
    expect(knowledgeContext(units, size * 2 + 1, 5).map((b) => b.unit.id)).toEqual([1, 2]);
    expect(knowledgeContext(units, 100_000, 3).map((b) => b.unit.id)).toEqual([1, 2, 3]);
  });

  it('cuts only a first candidate larger than the whole budget, at the budget', () => {
    const [block] = knowledgeContext([passage(1, 'word '.repeat(5000))], 200, 5);
    expect(countTokens(block?.text ?? '')).toBeLessThanOrEqual(201);
    expect(block?.text.endsWith('…')).toBe(true);
  });
});
