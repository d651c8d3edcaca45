import { rankOf } from './candidate-ranking';
import type { KnowledgeUnit } from './knowledge-index';
import type { QuestionCoverage } from './question-coverage';
import { positionOf } from './term-holding';
import { type SearchPart, usable } from './term-pruning';

/**
 * A floor under the rank the search's last kept candidate will have, known before the search
 * (term-pruning.ts): a few units scored exactly. Any `limit` candidates the search may keep rank at
 * most as high as its `limit` best, so the `limit`-th best of a few is never above the search's.
 * The few are taken from the rarest terms' units, which tend to rank high.
 */

/** Units scored for the floor, per candidate kept. */
const SAMPLED_PER_KEPT = 8;

/** The `limit`-th best rank of a few units alone in their section, or -Infinity when too few. */
export function rankFloor(
  parts: readonly SearchPart[],
  units: readonly KnowledgeUnit[],
  inSection: Uint8Array,
  { admit, limit, coverage }: { admit: (unit: KnowledgeUnit) => boolean; limit: number; coverage: QuestionCoverage },
): number {
  const wanted = SAMPLED_PER_KEPT * limit;
  const sampled = new Set<number>();
  const rarestFirst = parts.filter(usable).sort((a, b) => a.posting.units.length - b.posting.units.length);
  for (const part of rarestFirst) {
    const held = part.posting.units;
    // Spread over the term's units: the first ones are often of one kind (QA come before passages).
    const take = Math.min(held.length, Math.ceil(wanted / 2), wanted - sampled.size);
    const stride = held.length / take;
    for (let k = 0; k < take; k++) {
      const index = held[Math.floor(k * stride)] as number;
      // Two passages of one section are one candidate: only units alone are sampled.
      if (!inSection[index] && admit(units[index] as KnowledgeUnit)) sampled.add(index);
    }
    if (sampled.size >= wanted) break;
  }
  if (sampled.size < limit) return Number.NEGATIVE_INFINITY;
  const ranks = [...sampled].map((index) => rankAlone(index, parts, coverage)).sort((a, b) => b - a);
  return ranks[limit - 1] as number;
}

/** A single unit's rank as the search works it out: its BM25 summed in the terms' order, and its coverage. */
function rankAlone(index: number, parts: readonly SearchPart[], coverage: QuestionCoverage): number {
  let score = 0;
  const held = new Map<string, number>();
  parts.forEach((part, n) => {
    const at = part.posting ? positionOf(part.posting.units, index) : -1;
    if (at < 0) return;
    if (part.weight > 0) score += part.weight * (part.posting?.impact[at] as number);
    coverage.hold(n, held);
  });
  return rankOf(score, coverage.of(held));
}
