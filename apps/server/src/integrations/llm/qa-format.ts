import type { MinedQa } from './qa-miner';
import { ensureQuestion } from './question-form';

const QUESTION = /^\s*(?:Q|Question|问题?|問題?|质问|質問)\s*\d{0,3}\s*[:：．.、]\s*(.*)$/i;
const ANSWER = /^\s*(?:A|Answer|答案?|回答|解答)\s*\d{0,3}\s*[:：．.、]\s*(.*)$/i;

/**
 * Strict parser of explicit pairs: `Q:`/`A:`, `Question:`/`Answer:`, `问：`/`答：` (full- or
 * half-width colon), each answer running until the next question. A question without an
 * answer is dropped rather than guessed. The LLM is asked to answer in exactly this format. Every
 * question comes out ending in a question mark.
 */
export function parseExplicitPairs(text: string): MinedQa[] {
  const pairs: MinedQa[] = [];
  let question: string[] | null = null;
  let answer: string[] | null = null;
  const flush = () => {
    const a = clean(answer?.join('\n') ?? '');
    // "Q: Refund window" is a topic: it is asked as a question ("What is the refund window?").
    const q = ensureQuestion(clean(question?.join(' ') ?? ''), a);
    if (q && a) pairs.push({ question: q, answer: a });
    question = null;
    answer = null;
  };
  for (const line of text.split(/\r?\n/)) {
    const q = QUESTION.exec(line);
    if (q) {
      flush();
      question = [q[1] ?? ''];
      continue;
    }
    const a = ANSWER.exec(line);
    if (a && question && !answer) {
      answer = [a[1] ?? ''];
      continue;
    }
    if (answer) answer.push(line);
    else if (question) question.push(line);
  }
  flush();
  return pairs;
}

export function clean(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
