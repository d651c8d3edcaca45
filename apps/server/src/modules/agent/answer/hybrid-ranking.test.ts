import { describe, expect, it } from 'vitest';
import { decideByMeaning, fuseRankings, MEANING_MARGIN, RRF_K } from './hybrid-ranking';
import type { KnowledgeUnit, ScoredUnit } from './knowledge-index';

const unit = (kind: KnowledgeUnit['kind'], id: number, text = `text ${kind} ${id}`): KnowledgeUnit => ({
  kind,
  id,
  fileId: kind === 'qa' ? null : 100 + id,
  fileName: null,
  folderId: null,
  title: `title ${kind} ${id}`,
  text,
});
const scored = (u: KnowledgeUnit, bm25: number): ScoredUnit => ({
  unit: u,
  bm25,
  score: bm25 / 10,
  coverage: bm25 ? 0.5 : 0,
  rank: bm25,
  elsewhere: [],
  held: new Map(),
});

describe('fuseRankings', () => {
  it('keeps the order by words exactly when nothing was found by meaning', () => {
    const list = [scored(unit('qa', 1), 9), scored(unit('fragment', 2), 5)];
    const ranked = fuseRankings(list, []);
    expect(ranked.map((c) => [c.unit.id, c.wordRank, c.meaningRank])).toEqual([
      [1, 1, null],
      [2, 2, null],
    ]);
  });

  it('puts first what both rankings place high, then by the sum of 1/(k + rank)', () => {
    const a = scored(unit('qa', 1), 9); // words #1
    const b = scored(unit('qa', 2), 8); // words #2, meaning #1
    const c = scored(unit('fragment', 3), 0); // meaning #2 only
    const ranked = fuseRankings(
      [a, b, c],
      [
        { key: 'qa:2', similarity: 0.9 },
        { key: 'fragment:3', similarity: 0.7 },
      ],
    );
    expect(ranked.map((r) => r.unit.id)).toEqual([2, 1, 3]);
    expect(ranked[0]).toMatchObject({ wordRank: 2, meaningRank: 1, similarity: 0.9 });
    expect(ranked[2]).toMatchObject({ wordRank: null, meaningRank: 2 });
    // Words #1 alone (1/61) beats meaning #2 alone (1/62).
    expect(1 / (RRF_K + 1)).toBeGreaterThan(1 / (RRF_K + 2));
  });
});

describe('decideByMeaning', () => {
  const ranked = (similarities: [KnowledgeUnit, number][]) =>
    fuseRankings(
      similarities.map(([u]) => scored(u, 0)),
      similarities.map(([u, similarity]) => ({ key: `${u.kind}:${u.id}`, similarity })),
    );

  it('answers with the QA closest in meaning when it clears the bar and the margin', () => {
    const decision = decideByMeaning(
      ranked([
        [unit('qa', 1), 0.9],
        [unit('qa', 2), 0.5],
      ]),
      0.8,
    );
    expect(decision).toMatchObject({ reason: 'meaning', score: 0.9 });
    expect(decision?.chosen?.unit.id).toBe(1);
    expect(decision?.margin).toBeCloseTo(0.4);
  });

  it('does not answer below the bar, too close to another answer, for a passage, or with a telling word elsewhere', () => {
    expect(decideByMeaning(ranked([[unit('qa', 1), 0.79]]), 0.8)).toBeNull();
    const close = ranked([
      [unit('qa', 1), 0.9],
      [unit('qa', 2), 0.9 - MEANING_MARGIN / 2],
    ]);
    expect(decideByMeaning(close, 0.8)).toBeNull();
    expect(decideByMeaning(ranked([[unit('fragment', 1), 0.95]]), 0.8)).toBeNull();
    const elsewhere = ranked([[unit('qa', 1), 0.95]]).map((c) => ({ ...c, elsewhere: ['pino'] }));
    expect(decideByMeaning(elsewhere, 0.8)).toBeNull();
  });

  it('does not count a rival that gives the same answer', () => {
    const same = ranked([
      [unit('qa', 1, 'Open Billing and choose Cancel plan.'), 0.9],
      [unit('qa', 2, 'Open Billing and choose Cancel plan.'), 0.89],
    ]);
    expect(decideByMeaning(same, 0.8)?.chosen?.unit.id).toBe(1);
  });
});
