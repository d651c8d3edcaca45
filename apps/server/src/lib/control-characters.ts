/** C0 control characters and DEL (all single UTF-16 units, so no pair is ever split). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Drops C0 control characters and DEL, except those in `keep` (e.g. line breaks). One regular
 * expression pass: documents hand it tens of megabytes of text, which a character-by-character
 * loop took seconds over.
 */
export function stripControlCharacters(text: string, keep = ''): string {
  return text.replace(CONTROL, (ch) => (keep.includes(ch) ? ch : ''));
}
