import { questionKey } from '../../lib/question-key';
import {
  ANSWER_LABEL,
  clean,
  endsAnswer,
  hasWords,
  nextNonEmpty,
  QUESTION_LABEL,
  questionLine,
  splitInlineLabels,
} from './faq-lines';
import type { MinedQa } from './qa-miner';
import { asksAlready, endsAsQuestion, ensureQuestion } from './question-form';

/**
 * Question/answer pairs of a text written as an FAQ: one pair per question the author wrote, the
 * answer being the text up to the next question or heading. Labelled documents (`Q:`/`A:`,
 * `问：`/`答：`) are read by their labels only, so a question asked inside an answer stays in it;
 * other documents by their question lines ("1. How do I …?", a question heading). Text before
 * the first question (a title, an introduction) and questions left unanswered give nothing.
 */
export function faqPairs(text: string): MinedQa[] {
  const lines = text.split(/\r?\n/);
  if (lines.some((line) => QUESTION_LABEL.test(line))) {
    return assemble(splitInlineLabels(lines), labelledQuestion, true);
  }
  return assemble(lines, questionLine, true);
}

/**
 * Strict reading of labelled pairs only, headings being no boundary: the format the LLM is asked
 * to answer in, where a short line inside an answer is part of it.
 */
export function labelledPairs(text: string): MinedQa[] {
  return assemble(splitInlineLabels(text.split(/\r?\n/)), labelledQuestion, false);
}

const labelledQuestion = (line: string): string | null => QUESTION_LABEL.exec(line)?.[1] ?? null;

interface OpenPair {
  question: string[];
  /** The question is complete: it ended in a question mark, or its answer began. */
  asked: boolean;
  answer: string[] | null;
}

function assemble(lines: string[], questionOf: (line: string) => string | null, cutAtHeadings: boolean): MinedQa[] {
  const pairs = new PairList();
  const next = nextNonEmpty(lines);
  const asks = (line: string | undefined) => line !== undefined && questionOf(line) !== null;
  let open: OpenPair | null = null;
  let previous: string | undefined;
  lines.forEach((line, i) => {
    const question = questionOf(line);
    if (question !== null) {
      pairs.add(open);
      open = { question: [question], asked: endsAsQuestion(question), answer: null };
    } else if (!line.trim()) {
      open?.answer?.push('');
    } else if (open) {
      const label = open.answer ? null : ANSWER_LABEL.exec(line);
      if (label) {
        open.answer = [label[1] ?? ''];
        open.asked = true;
      } else if (cutAtHeadings && open.asked && endsAnswer(line, previous, next[i], asks(next[i]))) {
        pairs.add(open);
        open = null;
      } else if (!open.asked) {
        // "Q: How do I connect the router to" + "my modem?": a question wrapped across lines.
        open.question.push(line.trim());
        open.asked = endsAsQuestion(line);
      } else {
        open.answer ??= [];
        open.answer.push(line);
      }
    }
    if (line.trim()) previous = line;
  });
  pairs.add(open);
  return pairs.list;
}

/** Collects finished pairs: an empty answer is no pair, and a question asked twice counts once. */
class PairList {
  readonly list: MinedQa[] = [];
  private readonly seen = new Set<string>();

  add(open: OpenPair | null): void {
    if (!open) return;
    const answer = clean(open.answer?.join('\n') ?? '');
    if (!hasWords(answer)) return;
    // "Q: Refund window" is a topic the author marked as a question: it is asked as one.
    const question = ensureQuestion(clean(open.question.join(' ')), answer);
    const key = questionKey(question);
    if (!key || this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ question, answer });
  }
}

const OPENING_QUESTION = /^([^.!?。！？\n]{4,200}[?？])\s*(\S.*)$/;
const MIN_ANSWER = 8;

/**
 * A line that asks a question and answers it at once: "Can I return an item? Yes, within 30
 * days." Only a sentence that reads as a question ("can", "how", "如何"…) counts, so a rhetorical
 * "Looking for speed? …" in prose makes no pair.
 */
export function askedAndAnswered(text: string): MinedQa[] {
  const pairs = new PairList();
  for (const line of text.split(/\r?\n/)) {
    const match = OPENING_QUESTION.exec(line.trim());
    const question = match?.[1]?.trim() ?? '';
    const answer = clean(match?.[2] ?? '');
    if (question && asksAlready(question.slice(0, -1)) && answer.length >= MIN_ANSWER) {
      pairs.add({ question: [question], asked: true, answer: [answer] });
    }
  }
  return pairs.list;
}
