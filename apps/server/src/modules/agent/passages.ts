import { coverage, type QuestionWord } from './question-words';

/** Longest reply the built-in answerer composes, in characters (before the sources line). */
export const REPLY_MAX_CHARS = 700;
/** Sentences taken from one fragment at most, so one long document does not crowd out the rest. */
const SENTENCES_PER_FRAGMENT = 3;

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

export interface Passage {
  fragmentId: number;
  fileId: number;
  fileName: string;
  text: string;
}

/**
 * The built-in answerer (WAVE2 §15.5 step 3): from each fragment, the sentences that hold the
 * question's words, best first, kept in the order the document has them, until the reply is
 * REPLY_MAX_CHARS long. Whole sentences only; a fragment that matched by its heading alone gives
 * its opening sentences, which are what the heading introduces.
 */
export function pickPassages(
  fragments: readonly { id: number; fileId: number; fileName: string; heading: string | null; content: string }[],
  words: readonly QuestionWord[],
): Passage[] {
  const passages: Passage[] = [];
  let budget = REPLY_MAX_CHARS;
  for (const fragment of fragments) {
    if (budget <= 0) break;
    const sentences = splitSentences(fragment.content);
    const scored = sentences.map((sentence, index) => ({ sentence, index, score: coverage(sentence, words) }));
    let chosen = scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, SENTENCES_PER_FRAGMENT);
    if (!chosen.length) chosen = scored.slice(0, 2);
    const kept: string[] = [];
    for (const s of chosen.sort((a, b) => a.index - b.index)) {
      if (budget <= 0) break;
      const sentence = kept.length === 0 && passages.length === 0 ? shorten(s.sentence, budget) : s.sentence;
      if (sentence.length > budget) continue;
      kept.push(sentence);
      budget -= sentence.length + 1;
    }
    if (kept.length) {
      passages.push({
        fragmentId: fragment.id,
        fileId: fragment.fileId,
        fileName: fragment.fileName,
        text: joinSentences(kept),
      });
    }
  }
  return passages;
}

/** Sentences joined as the language writes them: a space between alphabetic sentences, none in CJK. */
function joinSentences(sentences: readonly string[]): string {
  return sentences.reduce((text, next) => {
    if (!text) return next;
    const cjkBoundary = /[\u0080-\uffff]$/.test(text) && /^[\u0080-\uffff]/.test(next);
    return cjkBoundary ? `${text}${next}` : `${text} ${next}`;
  }, '');
}
