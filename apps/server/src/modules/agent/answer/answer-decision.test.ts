import { qaUnit as qa } from '@agent-console/server/test/fixtures/knowledge-units';
import { describe, expect, it } from 'vitest';
import { decide, decideByWords, LEAD_WEIGHTS, leadOver } from './answer-decision';
import { KnowledgeIndex, type KnowledgeUnit } from './knowledge-index';
import { queryTerms } from './search-terms';

const passage = (id: number, title: string, text: string): KnowledgeUnit => ({
  kind: 'fragment',
  id,
  fileId: 20,
  fileName: 'pino.docx',
  folderId: null,
  title,
  text,
});

const THRESHOLDS = { minScore: 0.1, minCoverage: 0.45, minMargin: 0.33, qaMatchThreshold: 0.9 };

function decided(units: KnowledgeUnit[], question: string) {
  const index = new KnowledgeIndex(units);
  const terms = queryTerms(question);
  const candidates = index.search(terms, () => true, 10);
  return {
    candidates,
    weights: index.coverageWeights(terms),
    ...decideByWords(index, candidates, { searched: question, terms }, THRESHOLDS),
  };
}

describe('the lead of the best candidate', () => {
  it('hands over a near miss whose words two sections both hold in passing', () => {
    const { reason, candidates, weights } = decided(
      [
        passage(1, 'Destinations', 'The default destination of a log is stdout; each level can go to its own file.'),
        passage(
          2,
          'Cloud logging',
          'Mapping log levels to cloud severities: the default mapping keeps each level name.',
        ),
        passage(3, 'Rotation', 'Use a separate tool for rotation, such as logrotate.'),
      ],
      "what is pino's default log level",
    );
    const [best, next] = candidates;
    expect(best?.coverage).toBeGreaterThan(0.5);
    // Both hold the same words: the lead is their rank margin alone, and it is small.
    expect(leadOver(best as never, next, weights)).toBeCloseTo(
      ((best?.rank ?? 0) - (next?.rank ?? 0)) / (best?.rank ?? 1),
      5,
    );
    expect(reason).toBe('notDistinct');
  });

  it('answers when the best holds the telling word the next lacks, though their ranks are close', () => {
    const { reason, chosen, margin, candidates } = decided(
      [
        passage(
          4,
          'Why zustand over context?',
          'Less boilerplate, and components render only when what they read changes.',
        ),
        passage(
          5,
          'Why zustand over redux?',
          'Zustand is simple and un-opinionated: with zustand, hooks are the primary means of using zustand state over redux.',
        ),
        passage(7, 'Recipes', 'Zustand stores can be sliced, persisted and used outside React.'),
        passage(8, 'Why zustand?', 'Zustand is small.'),
        passage(9, 'Testing', 'Tests run with a fresh store.'),
        // "context" is a common word of this knowledge, so holding it gains little rank.
        ...['Loggers', 'Requests', 'Hooks', 'Errors', 'Plugins', 'Routes'].map((title, i) =>
          passage(10 + i, title, `Each of the ${title.toLowerCase()} gets a context object.`),
        ),
      ],
      'why use zustand over context',
    );
    const [best, next] = candidates;
    const rankMargin = ((best?.rank ?? 0) - (next?.rank ?? 0)) / (best?.rank ?? 1);
    expect(rankMargin).toBeLessThan(THRESHOLDS.minMargin);
    expect(margin).toBeGreaterThan(rankMargin);
    expect(reason).toBe('answer');
    expect(chosen?.unit.id).toBe(4);
  });

  it('takes away half of what the next holds and the best lacks, and stays within 0 and 1', () => {
    const unit = passage(6, 'A', 'a');
    const weights = new Map([
      ['alpha', 1],
      ['beta', 1],
      ['how', 0],
    ]);
    const best = { unit, bm25: 2, score: 1, coverage: 0.5, rank: 2, elsewhere: [], held: new Map([['alpha', 1]]) };
    const next = { ...best, rank: 1, held: new Map([['beta', 1]]) };
    expect(leadOver(best, next, weights)).toBeCloseTo(0.5 + (LEAD_WEIGHTS.held * 0.5 - LEAD_WEIGHTS.lacked * 0.5), 5);
    expect(leadOver(best, undefined, weights)).toBe(1);
    expect(
      leadOver(
        { ...best, held: new Map() },
        {
          ...next,
          rank: 2,
          held: new Map([
            ['alpha', 1],
            ['beta', 1],
          ]),
        },
        weights,
      ),
    ).toBe(0);
  });
});

describe('a QA asked as it is stored', () => {
  const units = [
    qa(
      1,
      'Why choose Quillstore over cookies?',
      'Cookies travel with every request; Quillstore keeps data in the browser.',
    ),
    qa(2, 'Why choose Quillstore over sessions?', 'Sessions need a server and cookies; Quillstore needs neither.'),
  ];

  it('answers a stored question asked in other order, with a typo and a filler word', () => {
    const { reason, chosen } = decided(units, 'why actually choose quilstore over cookies');
    expect(reason).toBe('answer');
    expect(chosen?.unit.id).toBe(1);
  });

  it('is not the stored question when the question adds a word that matters or lacks one', () => {
    const index = new KnowledgeIndex(units);
    const asks = (question: string) => index.asksAsStored(queryTerms(question), 'Why choose Quillstore over cookies?');
    expect(asks('cookies over quillstore: why choose?')).toBe(true);
    expect(asks('why choose quillstore over cookies on android tablets')).toBe(false);
    expect(asks('why choose quillstore')).toBe(false);
  });
});

describe('a QA whose question names the kind of value asked for', () => {
  const hours = qa(1, 'What are your opening hours?', 'We are open 9–18 on weekdays.');
  const returns = passage(
    2,
    'Returns',
    'You can return any item within 30 days. Our returns desk is open from Monday to Friday.',
  );

  it('answers "when are you open" with it: the same thing asked, its kind said as a noun ("hours")', () => {
    const { reason, chosen } = decided([returns, hours], 'when are you open');
    expect(reason).toBe('answer');
    expect(chosen?.unit).toBe(hours);
  });

  it('is not the stored question when the question asks another kind, or none, or adds a word', () => {
    const index = new KnowledgeIndex([hours, returns]);
    const asks = (question: string) => index.asksKindAsStored(queryTerms(question), 'What are your opening hours?');
    expect(asks('when are you open')).toBe(true);
    expect(asks('how long are you open')).toBe(false);
    expect(asks('are you open')).toBe(false);
    expect(asks('what time do you open?')).toBe(true);
    expect(asks('what time is it?')).toBe(false);
    expect(asks('when is the returns desk open')).toBe(false);
    // The stored question's other words must only name the kind: "balcony door" is what it asks about.
    expect(index.asksKindAsStored(queryTerms('when are you open'), 'When can the balcony door stay open?')).toBe(false);
    // A noun names only its own kind: a fee is what "when is the shipping fee charged?" asks about.
    expect(index.asksKindAsStored(queryTerms('when is shipping'), 'When is the shipping fee charged?')).toBe(false);
    expect(index.asksKindAsStored(queryTerms('what does shipping cost'), 'What is the shipping fee?')).toBe(true);
  });

  it('is taken only when one QA alone asks so', () => {
    const times = qa(3, 'What are your opening times?', 'Weekdays 9–18, Saturdays 10–14.');
    const index = new KnowledgeIndex([returns, hours, times]);
    const terms = queryTerms('when are you open');
    expect(index.asksKindAsStored(terms, 'What are your opening times?')).toBe(true);
    const candidates = index.search(terms, () => true, 10);
    const weights = index.coverageWeights(terms);
    const alone = (stored: string) => stored === 'What are your opening hours?';
    // With one of them asking so, it answers; with both, neither is taken as the question asked.
    expect(decide(candidates, terms, 'when are you open', THRESHOLDS, weights, undefined, alone).chosen?.unit).toBe(
      hours,
    );
    const both = decide(candidates, terms, 'when are you open', THRESHOLDS, weights, undefined, (stored) =>
      index.asksKindAsStored(terms, stored),
    );
    expect(both).toEqual(decide(candidates, terms, 'when are you open', THRESHOLDS, weights));
  });
});

describe('a question that asks for a price', () => {
  const units = [
    qa(
      1,
      'What is Quillstore Cloud?',
      'Quillstore Cloud hosts your stores, with paid plans for teams and backups every night.',
    ),
    qa(2, 'How do I back up a store?', 'Run quillstore backup; the archive holds every table.'),
    qa(3, 'Is Quillstore itself free?', 'Yes, Quillstore is free software under the MIT license.'),
    qa(4, 'What does the Pro edition cost?', 'Pro costs $12 a month per seat.'),
  ];

  it('is handed over when the best candidate gives no price, however clearly it leads', () => {
    const { reason, candidates } = decided(units, 'What does a paid Quillstore Cloud plan for teams cost?');
    expect(candidates[0]?.unit.id).toBe(1);
    expect(reason).toBe('noValue');
  });

  it('is answered by a candidate that gives one, in figures or as free', () => {
    expect(decided(units, 'how much does the pro edition cost per month').chosen?.unit.id).toBe(4);
    const free = decided(units, 'is quillstore free, or is there a price?');
    expect(free.reason).toBe('answer');
    expect(free.chosen?.unit.id).toBe(3);
  });

  it('leaves a question that asks for no price as it was', () => {
    const { reason, chosen } = decided(units, 'what is quillstore cloud');
    expect(reason).toBe('answer');
    expect(chosen?.unit.id).toBe(1);
  });
});

describe('the kind of value asked for, in the lead', () => {
  it('lets the candidate giving a date lead one holding the same words without a date', () => {
    const units = [
      passage(
        1,
        'Support policy',
        'Support for Quillstore version 4 ends when version 6 is out, as for every version.',
      ),
      passage(2, 'Support table', 'Support for Quillstore version 4 ends on 2025-06-30, with security fixes only.'),
    ];
    const { reason, chosen, margin, candidates, weights } = decided(
      units,
      'when does support for quillstore version 4 end?',
    );
    expect(chosen?.unit.id).toBe(2);
    expect(reason).toBe('answer');
    // Without the date asked for, the two lead each other by their words alone: too close.
    expect(leadOver(candidates[0] as never, candidates[1], weights)).toBeLessThan(THRESHOLDS.minMargin);
    expect(margin).toBeGreaterThanOrEqual(THRESHOLDS.minMargin);
  });
});
