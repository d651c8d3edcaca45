import { trigrams } from './trigram';

/**
 * Typo tolerance (issue 32): a Latin word the knowledge does not hold is looked up among the
 * terms it does hold by trigram, then kept only when it is one edit away (two for long words).
 * Two class rules keep near misses out: the first letter must agree (people rarely mistype it,
 * and "unix" is not a typo of "linux"), and short words are never fuzzed (one edit turns "cat"
 * into "car").
 */

/** Words shorter than this are matched exactly only. */
const MIN_FUZZY_LENGTH = 5;
/** From this length two edits are allowed. */
const TWO_EDITS_LENGTH = 9;
/** Similar terms taken for one word at most. */
const MAX_SIMILAR = 3;

/** The index's terms by trigram, to find the terms that share trigrams with a word. */
export class TermTrigrams {
  private readonly byTrigram = new Map<string, string[]>();

  add(term: string): void {
    if (term.length < MIN_FUZZY_LENGTH - 1 || !/^[\p{L}\p{N}]+$/u.test(term)) return;
    for (const gram of trigrams(term)) {
      const list = this.byTrigram.get(gram);
      if (list) list.push(term);
      else this.byTrigram.set(gram, [term]);
    }
  }

  /** Terms sharing at least `min` trigrams with the word. */
  sharing(word: string, min: number): string[] {
    const counts = new Map<string, number>();
    for (const gram of trigrams(word)) {
      for (const term of this.byTrigram.get(gram) ?? []) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    return [...counts].filter(([, n]) => n >= min).map(([term]) => term);
  }
}

/** The index terms a misspelt word may stand for, closest first. */
export function similarTerms(word: string, index: TermTrigrams): string[] {
  if (word.length < MIN_FUZZY_LENGTH) return [];
  const allowed = word.length >= TWO_EDITS_LENGTH ? 2 : 1;
  return index
    .sharing(word, 2)
    .filter((term) => term[0] === word[0] && Math.abs(term.length - word.length) <= allowed)
    .map((term) => ({ term, distance: editDistance(word, term, allowed) }))
    .filter((t) => t.distance <= allowed)
    .sort((a, b) => a.distance - b.distance || a.term.localeCompare(b.term))
    .slice(0, MAX_SIMILAR)
    .map((t) => t.term);
}

/**
 * Optimal string alignment distance (Levenshtein plus the swap of two neighbours, the commonest
 * typo), stopping early once every path is beyond `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  let before = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0);
    current[0] = i;
    let best = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[cols - 1] as number;
}
