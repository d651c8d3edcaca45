/** One search: every term must occur (in any order); each occurrence of any term is highlighted. */
export interface TextQuery {
  terms: RegExp[];
  any: RegExp;
}

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * The pattern of one character: itself, or its compatibility form (NFKC), so a full-width `ＰＤＦ`
 * typed with a Japanese or Chinese keyboard finds `PDF`. Case is ignored by the `i` flag.
 */
function charPattern(ch: string): string {
  const plain = ch.replace(SPECIAL, '\\$&');
  const folded = ch.normalize('NFKC');
  return folded === ch ? plain : `(?:${plain}|${folded.replace(SPECIAL, '\\$&')})`;
}

/**
 * Parses what a reader typed. Words are separated by spaces; Chinese and Japanese need none, since
 * a term matches anywhere inside the text, not only at word boundaries. Null for an empty query.
 */
export function parseTextQuery(query: string): TextQuery | null {
  const words = [...new Set(query.trim().split(/\s+/u).filter(Boolean))];
  if (!words.length) return null;
  const sources = words
    // Longer terms first, so `order` is highlighted whole where `or` would also match.
    .sort((a, b) => b.length - a.length)
    .map((w) => Array.from(w, charPattern).join(''));
  return {
    terms: sources.map((s) => new RegExp(s, 'iu')),
    any: new RegExp(sources.join('|'), 'giu'),
  };
}

export function matchesText(query: TextQuery, text: string): boolean {
  return query.terms.every((term) => term.test(text));
}

/** Where the query occurs in a text: `[start, end)` pairs, in order, not overlapping. */
export function matchRanges(text: string, query: TextQuery | null): [number, number][] {
  if (!query || !text) return [];
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(query.any)) {
    if (m[0]) ranges.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  }
  return ranges;
}

/**
 * A piece of a longer text, starting at `offset` in it, cut where the ranges of the longer text
 * begin and end. This marks a match that spans **bold** and plain text in both of them.
 */
export function splitByRanges(
  piece: string,
  offset: number,
  ranges: [number, number][],
): { text: string; match: boolean }[] {
  const out: { text: string; match: boolean }[] = [];
  const end = offset + piece.length;
  let at = offset;
  for (const [from, to] of ranges) {
    if (to <= at || from >= end) continue;
    const start = Math.max(from, at);
    if (start > at) out.push({ text: piece.slice(at - offset, start - offset), match: false });
    const stop = Math.min(to, end);
    out.push({ text: piece.slice(start - offset, stop - offset), match: true });
    at = stop;
  }
  if (at < end) out.push({ text: piece.slice(at - offset), match: false });
  return out;
}
