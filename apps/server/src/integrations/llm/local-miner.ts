import { clean, parseExplicitPairs } from './qa-format';
import type { MinedQa, MinerInput, QaMiner } from './qa-miner';
import { questionFromHeading, questionInText } from './question-form';

/**
 * The built-in miner: no network, no model. It finds question/answer structures that the
 * author wrote explicitly, in this order of preference:
 * 1. `Q:`/`A:` and `问：`/`答：` pairs;
 * 2. FAQ headings: a short line ending in `?`/`？` followed by its answer;
 * 3. heading + paragraph: a heading line followed by a paragraph of some substance. A heading is
 *    a topic, not a question: the question is one the paragraph asks itself, or else one made
 *    from the heading in its language ("Delivery times" → "What are the delivery times?").
 */
export function createLocalMiner(): QaMiner {
  return {
    name: 'local',
    async mine(input: MinerInput): Promise<MinedQa[]> {
      const explicit = parseExplicitPairs(input.content);
      if (explicit.length) return explicit;
      const faq = faqPairs(input.content);
      if (faq.length) return faq;
      return headingPairs(input.content);
    },
  };
}

const QUESTION_LINE = /^[^\n]{2,200}[?？]\s*$/;
const MIN_ANSWER = 8;

function faqPairs(text: string): MinedQa[] {
  const pairs: MinedQa[] = [];
  let question: string | null = null;
  let answer: string[] = [];
  const flush = () => {
    const a = clean(answer.join('\n'));
    if (question && a.length >= 2) pairs.push({ question: clean(stripBullet(question)), answer: a });
    question = null;
    answer = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (QUESTION_LINE.test(line.trim())) {
      flush();
      question = line.trim();
    } else if (question) {
      answer.push(line);
    }
  }
  flush();
  return pairs;
}

/** Markdown `#`, numbered `1.` / `1.2` / `一、` / `第一章`, or a short line with no end punctuation. */
export function isHeadingLine(line: string, next: string | undefined): boolean {
  const t = line.trim();
  if (!t || t.length > 60) return false;
  if (/^#{1,6}\s+\S/.test(t)) return true;
  if (
    /^(?:\d+(?:\.\d+)*[.、]?|[一二三四五六七八九十]+[、.]|第[一二三四五六七八九十百\d]+[章节條条部分])\s*\S/.test(t)
  ) {
    return !/[。.!！;；,，]$/.test(t);
  }
  return !/[。.!！;；,，:：)）]$/.test(t) && (next?.trim().length ?? 0) > t.length * 1.5;
}

function headingPairs(text: string): MinedQa[] {
  const lines = text.split(/\r?\n/);
  const pairs: MinedQa[] = [];
  let heading: string | null = null;
  let body: string[] = [];
  const flush = () => {
    const pair = heading ? headingPair(heading, clean(body.join('\n'))) : null;
    if (pair) pairs.push(pair);
    heading = null;
    body = [];
  };
  lines.forEach((line, i) => {
    if (!line.trim()) {
      if (body.length) body.push('');
      return;
    }
    if (
      isHeadingLine(
        line,
        lines.slice(i + 1).find((l) => l.trim()),
      )
    ) {
      flush();
      heading = line.trim();
    } else if (heading) {
      body.push(line);
    }
  });
  flush();
  return pairs;
}

function headingPair(heading: string, body: string): MinedQa | null {
  const asked = questionInText(body);
  if (asked && asked.rest.length >= MIN_ANSWER) return { question: clean(asked.question), answer: clean(asked.rest) };
  if (body.length < MIN_ANSWER) return null;
  const question = questionFromHeading(heading, body);
  return question ? { question, answer: body } : null;
}

/** For each line, the next non-empty line after it (one backward pass, not a search per line). */
export function nextNonEmpty(lines: string[]): (string | undefined)[] {
  const out: (string | undefined)[] = new Array(lines.length);
  let next: string | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    out[i] = next;
    const line = lines[i] ?? '';
    if (line.trim()) next = line;
  }
  return out;
}

function stripBullet(text: string): string {
  return text.replace(/^(?:#{1,6}\s+|\d+(?:\.\d+)*[.、]?\s+|[一二三四五六七八九十]+[、.]\s*)/, '').trim();
}
