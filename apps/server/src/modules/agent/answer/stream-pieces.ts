/** Longest piece of a streamed reply; CJK text has no spaces to cut at, so it is cut by length. */
const PIECE_MAX = 16;

/**
 * An answer known in full (a QA, the built-in answerer) cut into the pieces a stream sends, so
 * every caller reads answers the same way whether the LLM wrote them or not: words with their
 * leading space, long runs by length.
 */
export function streamPieces(content: string): string[] {
  const pieces: string[] = [];
  for (const word of content.match(/\s*\S+|\s+$/g) ?? []) {
    const chars = [...word];
    for (let i = 0; i < chars.length; i += PIECE_MAX) pieces.push(chars.slice(i, i + PIECE_MAX).join(''));
  }
  return pieces;
}
