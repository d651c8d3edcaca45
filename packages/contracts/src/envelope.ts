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

/**
 * The first fields of a row a customer owns, as lists answer it: the row's id, and its customer by
 * id (what the data scope filters on) and by name (what the screens show). Row schemas extend it
 * rather than spread it: a spread is not a pure call, so the web's bundle would keep zod for it.
 */
export const customerRowSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
});

/** A row of a tree answer with the rows below it (menus, customers). */
export type TreeNode<T> = T & { children: TreeNode<T>[] };

/** The schema of a tree answer's rows: `row`, and under `children` the same again. */
export function treeNodeSchema<T extends z.ZodObject>(row: T): z.ZodType<TreeNode<z.output<T>>> {
  const node: z.ZodType = row.extend({
    get children() {
      return z.array(node);
    },
  });
  return node as z.ZodType<TreeNode<z.output<T>>>;
}

/**
 * The last fields of a row people edit, as lists answer it: when it was created and last changed.
 * Added with `.extend(timestampsShape)` (not spread, for the reason above).
 */
export const timestampsShape = {
  createdAt: z.string(),
  updatedAt: z.string(),
};
