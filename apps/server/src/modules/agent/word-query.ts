import type { QuestionWord } from './question-words';

/**
 * A prefix tsquery matching any of the words: the index preselects texts holding at least one of
 * them, and the caller scores those. Lexemes are quoted, so nothing in the question is read as
 * tsquery syntax. Null without words.
 */
export function anyWordQuery(words: readonly QuestionWord[]): string | null {
  if (!words.length) return null;
  return words.map((w) => `'${w.word.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' | ');
}
