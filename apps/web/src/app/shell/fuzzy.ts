/**
 * Fuzzy score of `query` against `text`: every query character must appear in order. A plain
 * substring scores highest; otherwise consecutive and word-start matches score more. Returns -1
 * for no match. Spaces in the query are ignored so "sys user" finds "System / Users".
 */
export function fuzzyScore(query: string, text: string): number {
  const q = query.toLowerCase().replace(/\s+/g, '');
  const s = text.toLowerCase();
  if (!q) return 0;
  const direct = s.indexOf(q);
  if (direct >= 0) return 1000 - direct;
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const ch of q) {
    const at = s.indexOf(ch, from);
    if (at < 0) return -1;
    score += at === previous + 1 ? 5 : 1;
    if (at === 0 || /[\s/_-]/.test(s[at - 1] ?? '')) score += 3;
    previous = at;
    from = at + 1;
  }
  return score;
}
