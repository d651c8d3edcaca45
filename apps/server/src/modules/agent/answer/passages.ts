import { isAnswerKind } from './answer-kinds';
import { indexTerms, type QueryTerm } from './search-terms';

/** Longest reply the built-in answerer composes, in characters (before the sources line). */
export const REPLY_MAX_CHARS = 700;

const CJK_END = /[。！？；]/;
const ASCII_END = /[.!?;]/;
/** What may follow a sentence end and still belong to it: more ends, closing quotes and brackets. */
const END_TAIL = /[.!?;。！？；"'”’」』)）]/;

/**
 * Sentences of a text, cut at every line break and after a sentence end: a full-width one (。！？；)
 * always, an ASCII one (. ! ? ;) when a space, the line's end or CJK text follows, so "3.5 kg" and
 * "v1.2" stay whole. Headings and list items are lines of their own, so they come out as sentences.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const push = (sentence: string) => {
    if (sentence.trim()) out.push(sentence.trim());
  };
  for (const line of text.split(/\n+/)) {
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const char = line[i] ?? '';
      if (!CJK_END.test(char) && !ASCII_END.test(char)) continue;
      let end = i + 1;
      while (end < line.length && END_TAIL.test(line[end] ?? '')) end++;
      const next = line[end];
      if (CJK_END.test(char) || next === undefined || /\s/.test(next) || /[\u0080-\uffff]/.test(next)) {
        push(line.slice(start, end));
        start = end;
      }
      i = end - 1;
    }
    push(line.slice(start));
  }
  return out;
}

/** A sentence longer than the whole reply is cut at its last clause or word break, marked with "…". */
function shorten(sentence: string, max: number): string {
  if (sentence.length <= max) return sentence;
  const head = sentence.slice(0, max);
  const cut = Math.max(head.lastIndexOf('，'), head.lastIndexOf(','), head.lastIndexOf('、'), head.lastIndexOf(' '));
  return `${(cut > max / 2 ? head.slice(0, cut) : head).trimEnd()}…`;
}

/**
 * How much less an earlier turn's word weighs in choosing a follow-up's quote than in finding its
 * section: the earlier turn found the section, the follow-up's own words say which of its
 * sentences answers now ("and which files can't be excluded?" after "how do I keep files out").
 */
export const EARLIER_QUOTE_FACTOR = 0.25;

/**
 * What each of the question's terms weighs in choosing the quote: its weight times its idf in
 * the knowledge (`idf`), so the words that tell the passage's sentences apart count most. The
 * kind of value asked for ("how long": a duration) weighs half of all the words together: of the
 * sentences holding the question's words, the one giving a duration is the answer to "how long".
 */
export function quoteTerms(terms: readonly QueryTerm[], idf: (term: string) => number): QueryTerm[] {
  const ownWords = terms.some((t) => !t.earlier && !t.asks);
  const weighted = terms.map((t) => ({
    ...t,
    weight: t.weight * idf(t.term) * (t.earlier && ownWords ? EARLIER_QUOTE_FACTOR : 1),
  }));
  const words = weighted.reduce((sum, t) => sum + (t.asks ? 0 : t.weight), 0);
  return weighted.map((t) => (isAnswerKind(t.term) ? { ...t, weight: words / 2 } : t));
}

/**
 * The built-in answerer's quote of a passage (issue 32): the passage itself when it fits the
 * reply, otherwise a run of consecutive sentences within REPLY_MAX_CHARS: of the runs that hold
 * the sentence with most of the question's words, the one holding most of them, so the quote
 * reads as the document wrote it. Line breaks between sentences (list items, steps) are kept.
 */
export function quotePassage(text: string, terms: readonly QueryTerm[]): string {
  const whole = text.trim();
  if (whole.length <= REPLY_MAX_CHARS) return whole;
  const weights = new Map(terms.map((t) => [t.term, t.weight]));
  const sentences = whole.split(/\n+/).flatMap((line, lineIndex) =>
    splitSentences(line).map((sentence) => {
      let score = 0;
      for (const term of new Set(indexTerms(sentence))) score += weights.get(term) ?? 0;
      return { sentence, lineIndex, score };
    }),
  );
  // The quote holds the sentence that holds most of the question (the first of equals): a run
  // of several sentences that each hold a little must not push it out.
  const key = sentences.reduce((top, s, i) => (s.score > (sentences[top]?.score ?? 0) ? i : top), 0);
  let best = { from: key, to: key + 1, score: -1 };
  for (let from = 0; from <= key; from++) {
    let length = 0;
    let score = 0;
    let to = from;
    while (to < sentences.length) {
      const next = sentences[to]?.sentence.length ?? 0;
      if (to > from && length + next + 1 > REPLY_MAX_CHARS) break;
      length += next + 1;
      score += sentences[to]?.score ?? 0;
      to++;
    }
    if (to > key && score > best.score) best = { from, to, score };
  }
  const chosen = sentences.slice(best.from, best.to);
  let quote = '';
  chosen.forEach((s, i) => {
    const sameLine = i > 0 && chosen[i - 1]?.lineIndex === s.lineIndex;
    quote = i === 0 ? s.sentence : sameLine ? joinSentences([quote, s.sentence]) : `${quote}\n${s.sentence}`;
  });
  return shorten(quote, REPLY_MAX_CHARS);
}

/** Sentences joined as the language writes them: a space between alphabetic sentences, none in CJK. */
function joinSentences(sentences: readonly string[]): string {
  return sentences.reduce((text, next) => {
    if (!text) return next;
    const cjkBoundary = /[\u0080-\uffff]$/.test(text) && /^[\u0080-\uffff]/.test(next);
    return cjkBoundary ? `${text}${next}` : `${text} ${next}`;
  }, '');
}
