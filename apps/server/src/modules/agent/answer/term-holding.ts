/** How a unit holds a question's terms: helpers of the knowledge index's search (knowledge-index.ts). */

/**
 * How much of a question's word a unit holds (0–1): the factor it was found with, or, for a long
 * Chinese word, the share of its characters that its parts found cover ("同一个" held as "同一":
 * two of three), whichever is more.
 */
export function heldShare(
  term: string,
  parts: readonly string[] | undefined,
  found: ReadonlyMap<string, number>,
): number {
  const own = found.get(term) ?? 0;
  if (!parts || own >= 1) return own;
  const covered = new Array<number>(term.length).fill(0);
  for (const part of parts) {
    const factor = found.get(part) ?? 0;
    const at = term.indexOf(part);
    if (!factor || at < 0) continue;
    for (let i = at; i < at + part.length; i++) covered[i] = Math.max(covered[i] as number, factor);
  }
  return Math.max(own, covered.reduce((sum, f) => sum + f, 0) / term.length);
}

/** Whether a posting's units (ascending) hold `index`. */
export function holds(units: ArrayLike<number>, index: number): boolean {
  return positionOf(units, index) >= 0;
}

/** Where a posting's units (ascending) hold `index`, or -1: a binary search. */
export function positionOf(units: ArrayLike<number>, index: number): number {
  let low = 0;
  let high = units.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = units[middle] as number;
    if (at === index) return middle;
    if (at < index) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
