/**
 * The one LIKE pattern of the API's "contains" filters: `text` anywhere, with the caller's `%`,
 * `_` and `\` matched literally (PostgreSQL's default LIKE escape is the backslash).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
