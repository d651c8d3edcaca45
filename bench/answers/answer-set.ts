import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDocx } from '@agent-console/server/test/fixtures/knowledge';

/**
 * The evaluation set of the `answers` scenario (bench/answers/set, README there): public,
 * human-written documents and FAQs, and questions over them with the one right target each, or
 * none for the near misses that must be handed to a person.
 */

export type QuestionClass = 'verbatim' | 'paraphrase' | 'typo' | 'chinese' | 'contact' | 'followup' | 'unanswerable';

export type Expectation = null | { qa: string } | { document: string; contains: string };

export interface SetQuestion {
  id: string;
  class: QuestionClass;
  /** Thresholds are chosen on `tune` and scored on `check` (the baseline's abstention too). */
  split: 'tune' | 'check';
  question: string;
  history?: string[];
  expect: Expectation;
}

export interface SetQa {
  question: string;
  answer: string;
}

export interface AnswerSet {
  documents: { name: string; docx: Buffer; text: string }[];
  qa: SetQa[];
  questions: SetQuestion[];
}

const SET_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'set');
/** The second set (set-b/README.md): other texts, other writers, never used to choose a default. */
export const SET_B_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'set-b');

/** A document of the set as a Word file: one paragraph per block between blank lines. */
function docxOf(text: string): Buffer {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
  return makeDocx(paragraphs);
}

export function loadAnswerSet(dir = SET_DIR): AnswerSet {
  const documents = readdirSync(path.join(dir, 'documents'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, 'documents', file), 'utf8');
      return { name: file.replace(/\.md$/, ''), docx: docxOf(text), text };
    });
  const qa = JSON.parse(readFileSync(path.join(dir, 'qa.json'), 'utf8')) as SetQa[];
  const questions = JSON.parse(readFileSync(path.join(dir, 'questions.json'), 'utf8')) as SetQuestion[];
  return { documents, qa, questions };
}

/** Text compared for a hit: white space collapsed, case and width folded. */
export const comparable = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether an answer is the right one: a QA target answered by that QA (its question), a document
 * target by a reply quoting the phrase of the section that answers (whichever QA or passage
 * carried it: a QA mined from that section is as right as the section).
 */
export function isHit(
  expect: Exclude<Expectation, null>,
  answer: { content: string; qaQuestion: string | null },
): boolean {
  if ('qa' in expect) return answer.qaQuestion !== null && comparable(answer.qaQuestion) === comparable(expect.qa);
  return comparable(answer.content).includes(comparable(expect.contains));
}
