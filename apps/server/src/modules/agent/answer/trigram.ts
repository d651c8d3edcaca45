/**
 * pg_trgm's `similarity()` computed here rather than in the database: the database would have to
 * compute it for every QA sharing a trigram with the question (thousands, when questions share a
 * pattern like "How do I … model …"), while the candidates worth scoring are a few dozen.
 * Same definition: lower-cased words (runs of letters and digits), each padded with two spaces in
 * front and one behind, cut into three-character pieces; similarity is shared ÷ all distinct.
 */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) set.add(chars.slice(i, i + 3).join(''));
  }
  return set;
}

export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  if (!left.size || !right.size) return 0;
  let shared = 0;
  for (const t of left) if (right.has(t)) shared++;
  return shared / (left.size + right.size - shared);
}
