import { describe, expect, it } from 'vitest';
import { trigramSimilarity, trigrams } from './trigram';

describe('trigram similarity (as pg_trgm computes it)', () => {
  it('pads each word and counts distinct pieces', () => {
    expect([...trigrams('Cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat']);
    expect(trigrams('cat, CAT!').size).toBe(4);
  });

  it('matches pg_trgm on known pairs', () => {
    // select similarity('word', 'two words') = 0.36363637 in PostgreSQL.
    expect(trigramSimilarity('word', 'two words')).toBeCloseTo(0.363636, 5);
    expect(trigramSimilarity('opening hours', 'opening hours')).toBe(1);
    expect(trigramSimilarity('', 'x')).toBe(0);
  });
});
