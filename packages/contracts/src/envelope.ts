import { z } from 'zod';

/** Every JSON answer is `{ code, message, data }` (DESIGN §4). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), message: z.string(), data });
}

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** Page request of every list call: `POST .../page`. */
export const PAGE_SIZE_MAX = 500;
export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});

/** Sort request: the field comes from an allow-list per list, never raw SQL. */
export function orderBySchema<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.object({ field: z.enum(fields), direction: z.enum(['asc', 'desc']).default('asc') }).optional();
}

export function pageResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    totalExact: z.boolean().optional(),
  });
}

export interface PageResult<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** Present and false when `total` is a lower bound: large logs stop counting at a cap. */
  totalExact?: boolean;
}
