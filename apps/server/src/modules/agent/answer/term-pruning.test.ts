import { qaUnit as qa } from '@agent-console/server/test/fixtures/knowledge-units';
import { describe, expect, it } from 'vitest';
import { KnowledgeIndex, type KnowledgeUnit } from './knowledge-index';
import { queryTerms } from './search-terms';
import { BM25, finishPosting } from './term-postings';
import { PRUNE_FROM_UNITS, type PruningRanks, pruningOf } from './term-pruning';

const DEVICES = ['turbine', 'pump', 'valve', 'sensor', 'router', 'printer', 'scanner', 'battery', 'charger', 'drone'];
const TASKS = ['calibrate', 'install', 'reset', 'clean', 'update', 'replace', 'configure', 'inspect'];
const PARTS = ['filter', 'seal', 'fan', 'belt', 'fuse', 'lamp', 'cable', 'bearing'];
const DEVICES_ZH = ['涡轮机', '水泵', '阀门', '传感器', '路由器', '打印机', '扫描仪', '电池', '充电器', '无人机'];

/** A knowledge base past PRUNE_FROM_UNITS whose questions share common words and differ by a model number. */
function manuals(count: number): KnowledgeUnit[] {
  const units: KnowledgeUnit[] = [];
  for (let g = 1; g <= count; g++) {
    const device = DEVICES[g % DEVICES.length] as string;
    const task = TASKS[Math.floor(g / 10) % TASKS.length] as string;
    const part = PARTS[g % PARTS.length] as string;
    if (g % 3 === 0) {
      const passage = (text: string): KnowledgeUnit => ({
        kind: 'fragment',
        id: g,
        fileId: 1 + Math.floor(g / 50),
        fileName: 'manual.docx',
        folderId: null,
        title: `Unit ${g}`,
        text,
      });
      units.push(passage(`The ${device} unit ${g} has a ${part} that needs service every ${3 + (g % 9)} months.`));
      // Every fifth section runs over two passages: a section is scored as a whole.
      if (g % 5 === 0) units.push(passage(`Keep the ${part} of unit ${g} dry and clean.`));
    } else if (g % 3 === 1) {
      units.push(
        qa(
          g,
          `How do I ${task} the ${device} model ${g}?`,
          `Open the service menu of model ${g} and follow the steps for the ${part}.`,
        ),
      );
    } else {
      units.push(
        qa(g, `如何检查型号 ${g} 的${DEVICES_ZH[g % DEVICES_ZH.length]}？`, `打开型号 ${g} 的服务菜单，按照步骤操作。`),
      );
    }
  }
  return units;
}

const questions = [
  ...[7, 301, 1_204, 4_480, 5_998].map((g) => `How do I calibrate the turbine model ${g}?`),
  ...[12, 999, 3_003].map((g) => `How often does the filter of pump unit ${g} need service?`),
  ...[5, 2_000, 5_555].map((g) => `如何检查型号 ${g} 的水泵？`),
  'how do I reset the printer',
  'servise menu of the scaner model 42',
  'fan belt cable',
  'how often does the lamp of unit 1005 need service, and how do I keep it dry?',
  'model',
];

describe('pruning the common terms of a search in a large knowledge base', () => {
  const posting = (units: number) =>
    finishPosting({ units: Array.from({ length: units }, (_, i) => i), tf: new Array(units).fill(1) }, () => 1);
  /** A ranking that counts a unit's BM25 whole, with a floor under its last kept rank. */
  const ranks = (floor: number): PruningRanks => ({ most: (_, bm25) => bm25, floor: () => floor });
  const unknown = ranks(Number.NEGATIVE_INFINITY);

  it('leaves nothing out of a small knowledge base, and only common terms whose sum stays low', () => {
    const common = { posting: posting(4_000), weight: 0.5 };
    const rare = { posting: posting(3), weight: 9 };
    expect(pruningOf([common, rare], PRUNE_FROM_UNITS - 1, unknown)).toBeNull();
    const pruned = pruningOf([common, rare], PRUNE_FROM_UNITS, unknown);
    expect(pruned?.common).toEqual(new Set([0]));
    // Each unit holds the term once at average length: BM25's (k1 + 1) ÷ (1 + k1).
    expect(pruned?.most).toBeCloseTo(0.5 * ((BM25.k1 + 1) / (1 + BM25.k1)), 9);
    // Within the share the floor, a few units scored exactly, is never worked out.
    const unasked: PruningRanks = {
      most: (_, bm25) => bm25,
      floor: () => {
        throw new Error('the floor was asked for');
      },
    };
    expect(pruningOf([common, rare], PRUNE_FROM_UNITS, unasked)?.common).toEqual(new Set([0]));
    // A rare term is never left out, however low its weight.
    expect(pruningOf([{ ...rare, weight: 0.01 }, common, { ...rare }], PRUNE_FROM_UNITS, unknown)?.common).toEqual(
      new Set([1]),
    );
  });

  it('leaves out more common terms while a unit holding them only ranks below the floor', () => {
    const parts = [
      { posting: posting(4_000), weight: 0.5 },
      { posting: posting(3_000), weight: 3 },
      { posting: posting(3), weight: 9 },
    ];
    // Past a fifth of what all can give (0.5 + 3 of 12.5), without a floor, the second stays.
    expect(pruningOf(parts, PRUNE_FROM_UNITS, unknown)?.common).toEqual(new Set([0]));
    expect(pruningOf(parts, PRUNE_FROM_UNITS, ranks(3.6))?.common).toEqual(new Set([0, 1]));
    expect(pruningOf(parts, PRUNE_FROM_UNITS, ranks(3.4))?.common).toEqual(new Set([0]));
  });

  it('knows a floor that the last kept rank never falls below, in a large knowledge base', () => {
    const index = new KnowledgeIndex(manuals(PRUNE_FROM_UNITS + 1_000));
    const found = (question: string, limit: number, admit: (unit: KnowledgeUnit) => boolean = () => true) => {
      const terms = queryTerms(question);
      const floor = index.rankFloor(terms, admit, limit);
      const last = index.search(terms, admit, limit)[limit - 1];
      return { floor, last: last?.rank ?? Number.NEGATIVE_INFINITY };
    };
    const admits = [
      () => true,
      (unit: KnowledgeUnit) => unit.kind === 'qa',
      (unit: KnowledgeUnit) => unit.id % 2 === 0,
    ];
    for (const question of questions) {
      for (const limit of [1, 3, 10]) {
        for (const admit of admits) {
          const { floor, last } = found(question, limit, admit);
          expect(floor, `${question} (${limit})`).toBeLessThanOrEqual(last);
        }
      }
    }
    // Of the questions with a model or unit number, the floor is known and close to the last rank.
    const { floor, last } = found('How often does the filter of pump unit 999 need service?', 10);
    expect(floor).toBeGreaterThan(0.5 * last);
  });

  it('finds exactly what the full search finds, to the last digit', () => {
    const units = manuals(PRUNE_FROM_UNITS + 1_000);
    const pruned = new KnowledgeIndex(units);
    const full = new KnowledgeIndex(units, { prune: false });
    const shown = (index: KnowledgeIndex, question: string) =>
      index
        .search(queryTerms(question), () => true, 10)
        .map((c) => [c.unit.kind, c.unit.id, c.unit.text, c.rank, c.score, c.coverage, [...c.held], c.elsewhere]);
    for (const question of questions) {
      const expected = shown(full, question);
      expect(expected.length, question).toBeGreaterThan(0);
      expect(shown(pruned, question), question).toEqual(expected);
    }
  });
});
