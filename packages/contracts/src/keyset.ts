import { z } from 'zod';
import { type PageResult, pageResultSchema } from './envelope';
import { isStorableText, text } from './primitives';

/**
 * Keyset (cursor) paging of the lists that grow past 100,000 rows (the logs). A page after the
 * first is asked for by the sort key of the last row shown (`next`) or of the first (`prev`), so
 * the database starts where the previous page ended instead of counting off the rows before it.
 * The cursor is opaque to the client: it hands back what the server gave it.
 */

/** Longest cursor: sort keys are short columns (a title of at most 200 characters is the longest). */
export const CURSOR_MAX = 2048;
export const CURSOR_DIRECTIONS = ['next', 'prev'] as const;
export type CursorDirection = (typeof CURSOR_DIRECTIONS)[number];

/** Longest text sort key a cursor may carry. */
const KEY_TEXT_MAX = 500;
const ORDER = /^[A-Za-z]{1,40}\.(asc|desc)$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A row's place in one order: the order (`createdAt.desc`), the sort column's value (a time as
 * microseconds since 1970, so that no precision is lost; null for a row without one) and the id.
 */
export interface CursorPosition {
  order: string;
  key: string | number | null;
  id: number;
}

// The contracts compile without DOM or Node types; both platforms have these.
const platform = globalThis as unknown as { atob(data: string): string; btoa(data: string): string };

/** JSON with every character past ASCII escaped, so that it is one byte per character for btoa. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function encodeCursor({ order, key, id }: CursorPosition): string {
  return platform
    .btoa(asciiJson([order, key, id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function isKey(value: unknown): value is CursorPosition['key'] {
  if (value === null) return true;
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'string' && value.length <= KEY_TEXT_MAX && isStorableText(value);
}

/** The position a cursor holds; undefined when it is not one this server could have written. */
export function decodeCursor(cursor: string): CursorPosition | undefined {
  if (cursor.length > CURSOR_MAX || !BASE64URL.test(cursor) || cursor.length % 4 === 1) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(platform.atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [order, key, id] = value as unknown[];
  if (typeof order !== 'string' || !ORDER.test(order) || !isKey(key)) return undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return undefined;
  return { order, key, id };
}

/**
 * The paging fields of a keyset list, beside `pageNum` and `pageSize`. Without a cursor the list
 * pages by `pageNum` as every list does (old clients, a jump to a page number). With one, `pageNum`
 * only says which page the client counts this as (for the "at least" total).
 */
export const keysetQueryShape = {
  cursor: text()
    .max(CURSOR_MAX, { abort: true })
    .refine((c) => decodeCursor(c) !== undefined, { message: 'invalidFormat' })
    .optional(),
  cursorDirection: z.enum(CURSOR_DIRECTIONS).optional(),
  /** False when the client already knows the total of these filters: the rows are not counted again. */
  withTotal: z.boolean().optional(),
};
export const keysetQuerySchema = z.object(keysetQueryShape);
export type KeysetQuery = z.infer<typeof keysetQuerySchema>;

export function keysetPageResultSchema<T extends z.ZodType>(item: T) {
  return pageResultSchema(item).extend({
    /** Null when the request said `withTotal: false`. */
    total: z.number().int().nullable(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  });
}

export interface KeysetPageResult<T> extends Omit<PageResult<T>, 'total'> {
  total: number | null;
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
  /** The cursor of the page before this one; null on the first page. */
  prevCursor: string | null;
}

/** A page of any list, keyset or not: what a screen's pager reads. */
export interface AnyPageResult<T> extends Omit<PageResult<T>, 'total'> {
  total: number | null;
  nextCursor?: string | null;
  prevCursor?: string | null;
}
