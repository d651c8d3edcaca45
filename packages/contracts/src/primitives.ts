import { z } from 'zod';

/**
 * The two value types every contract builds on, so that a rule about what text or an id may be
 * holds for every field at once instead of being remembered per schema.
 */

/** Largest id the database stores (PostgreSQL `integer`); anything above is refused, not a 5xx. */
export const ID_MAX = 2_147_483_647;

/**
 * A NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (not encodable as UTF-8).
 * Neither can be stored or shown, so no text field accepts them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point of this pattern.
export const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

/** The text with every unstorable character replaced by U+FFFD, for logs that keep what was sent. */
export function toStorableText(value: string): string {
  return value.replace(new RegExp(UNSTORABLE_TEXT.source, 'g'), '\uFFFD');
}

/** Any text a client sends: refuses unstorable characters; callers chain trim/min/max/regex. */
export function text() {
  return z.string().refine(isStorableText, { message: 'invalidCharacter', abort: true });
}

/** A row id in a JSON body. */
export function idNumber() {
  return z.number().int().min(1).max(ID_MAX);
}

/** A row id of a `bigint` table (the logs): any safe integer, never beyond. */
export const BIG_ID = 'bigint id';
export function bigIdNumber() {
  return z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).describe(BIG_ID);
}

/** A row id in a path or query string (`/update/{id}`). */
export function pathId() {
  return z.coerce.number().int().min(1).max(ID_MAX);
}

/** Optional free text (a remark, a description): blank or absent is stored as null. */
export function optionalText(max: number) {
  return text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * A code people type and programs match (a post code, a role key, a menu name): letters, digits
 * and `_.:-`, so it can stand in a permission code or a URL without escaping.
 */
export function codeText() {
  return text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/);
}

/** Where a row stands among its siblings, lowest first; 0 when not given. */
export function sortOrder() {
  return z.number().int().min(0).max(99_999).default(0);
}
