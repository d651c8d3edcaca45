/** Drops C0 control characters and DEL, except those in `keep` (e.g. line breaks). */
export function stripControlCharacters(text: string, keep = ''): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code < 32 || code === 127) && !keep.includes(ch)) continue;
    out += ch;
  }
  return out;
}
