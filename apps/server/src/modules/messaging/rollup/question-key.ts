/** Longest question kept as a key; longer ones are grouped by their beginning. */
const KEY_MAX = 200;

/**
 * The grouping key of an unanswered question: the same question asked with other spacing, case,
 * full-width characters or closing punctuation ("Do you ship abroad?", "do you ship  abroad？")
 * is one entry of the dashboard's top unanswered questions.
 */
export function questionKey(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?!.,;:~。！？，、；：…]+$/u, '')
    .replace(/^[\s?!.,;:~。！？，、；：…]+/u, '')
    .slice(0, KEY_MAX);
}
