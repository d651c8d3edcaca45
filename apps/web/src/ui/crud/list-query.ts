import { PAGE_SIZE_MAX } from '@agent-console/contracts';
import type { KnownTotal, PagePosition } from './keyset-paging';

export interface OrderBy<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * Paging, sorting and filters of one list: what its URL query holds. A keyset list (the logs)
 * also holds the cursor of its page, and in memory only the total it knows for its filters.
 */
export interface ListState<Filters, F extends string> extends PagePosition {
  filters: Filters;
  pageSize: number;
  orderBy?: OrderBy<F> | undefined;
  known?: KnownTotal | undefined;
}

/**
 * What the codec needs of a zod object schema (the contracts' page-query schemas fit): one
 * checker per field. Kept structural so the web needs no zod import of its own.
 */
export interface FieldSchemas {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
}

export interface ListQueryOptions<F extends string> {
  sortable: readonly F[];
  defaultPageSize: number;
  /** Types the filters read back; without it every query parameter but paging and sort is a filter. */
  schema?: FieldSchemas | undefined;
  /** Pages by cursor: the cursor of the page shown is part of the query. */
  keyset?: boolean | undefined;
}

const PAGING = new Set(['pageNum', 'pageSize', 'orderBy', 'cursor', 'cursorDirection', 'withTotal']);
const PAGE_NUM_MAX = 1_000_000;

/**
 * A filter value as URL text: plain text stays readable (`name=ops`); anything JSON would read as
 * another type (`true`, `5`, or text that looks like them) is written as JSON, so `"123"` comes
 * back as text and `123` as a number.
 */
export function encodeValue(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return readsAsJson(value) ? JSON.stringify(value) : value;
}

export function decodeValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readsAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function positiveInt(text: string | null, max: number): number | undefined {
  if (!text || !/^\d{1,7}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
}

function readOrderBy<F extends string>(text: string | null, sortable: readonly F[]): OrderBy<F> | undefined {
  const [field, direction = 'asc'] = (text ?? '').split('.');
  if (!sortable.includes(field as F) || (direction !== 'asc' && direction !== 'desc')) return undefined;
  return { field: field as F, direction };
}

/**
 * A parameter's values in the order the schema should try them: as encoded, as typed text, and
 * as a list (one value of a multi-select or range is still a list).
 */
function candidates(raw: string[]): unknown[] {
  const decoded = raw.map(decodeValue);
  if (raw.length > 1) return [decoded, raw];
  return [decoded[0], raw[0], decoded, raw];
}

/** Whether the list state owns a query parameter; others (a page's own `?jobId=`) are kept as they are. */
function owns(key: string, schema: FieldSchemas | undefined): boolean {
  return PAGING.has(key) || !schema || Object.hasOwn(schema.shape, key);
}

/** The page's cursor, when the list pages by one and the contract takes it as a cursor. */
function readPosition(params: URLSearchParams, schema: FieldSchemas | undefined): Omit<PagePosition, 'pageNum'> {
  const cursor = params.get('cursor');
  if (!cursor || !schema?.shape.cursor?.safeParse(cursor).success) return {};
  return params.get('cursorDirection') === 'prev' ? { cursor, cursorDirection: 'prev' } : { cursor };
}

/** Reads the list state from a URL query; whatever is malformed or not allowed is left out. */
export function readListQuery<Filters, F extends string>(
  params: URLSearchParams,
  { sortable, defaultPageSize, schema, keyset }: ListQueryOptions<F>,
): ListState<Filters, F> {
  const filters: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    if (PAGING.has(key) || !owns(key, schema)) continue;
    const raw = params.getAll(key);
    const check = schema?.shape[key];
    const value = check
      ? candidates(raw).find((c) => !isEmpty(c) && check.safeParse(c).success)
      : raw.length > 1
        ? raw.map(decodeValue)
        : decodeValue(raw[0] ?? '');
    if (!isEmpty(value)) filters[key] = value;
  }
  const pageNum = positiveInt(params.get('pageNum'), PAGE_NUM_MAX) ?? 1;
  return {
    filters: filters as Filters,
    pageNum,
    pageSize: positiveInt(params.get('pageSize'), PAGE_SIZE_MAX) ?? defaultPageSize,
    orderBy: readOrderBy(params.get('orderBy'), sortable),
    // The first page is always read afresh, from the top.
    ...(keyset && pageNum > 1 ? readPosition(params, schema) : {}),
  };
}

/** The URL query of a list state: defaults are left out, parameters the list does not own are kept. */
export function writeListQuery<Filters, F extends string>(
  state: ListState<Filters, F>,
  current: URLSearchParams,
  { defaultPageSize, schema }: ListQueryOptions<F>,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current) if (!owns(key, schema)) next.append(key, value);
  for (const [key, value] of Object.entries(state.filters as object)) {
    if (isEmpty(value) || PAGING.has(key)) continue;
    for (const one of Array.isArray(value) ? value : [value]) next.append(key, encodeValue(one));
  }
  if (state.orderBy) next.set('orderBy', `${state.orderBy.field}.${state.orderBy.direction}`);
  if (state.pageNum !== 1) next.set('pageNum', String(state.pageNum));
  if (state.cursor) next.set('cursor', state.cursor);
  if (state.cursorDirection) next.set('cursorDirection', state.cursorDirection);
  if (state.pageSize !== defaultPageSize) next.set('pageSize', String(state.pageSize));
  return next;
}
