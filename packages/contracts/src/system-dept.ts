import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { orderBySchema, pageQuerySchema, pageResultSchema, treeNodeSchema } from './envelope';
import { idNumber, optionalText, pathId, sortOrder, text } from './primitives';

export * from './system-dept.permissions';

/** `/{id}` path parameter of the system modules' id-based calls. */
export const systemIdParamsSchema = z.object({ id: pathId() });
/** `{ ids }` body of delete calls: one id or a batch. */
export const systemIdsBodySchema = z.object({
  ids: z.array(idNumber()).min(1).max(500),
});
export type SystemIdsBody = z.infer<typeof systemIdsBodySchema>;

/** Whether `name` is an IANA time zone this runtime knows (an empty value means "none"). */
export function isTimeZone(name: string): boolean {
  if (!name) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The reply reserve (issue 34): the share of an account's daily sends that follow-ups and batch
 * messages leave for replies. 30 % keeps 9 of a new account's 30 and 90 of an established 300.
 */
export const REPLY_RESERVE_DEFAULT = 30;
export const REPLY_RESERVE_MAX = 90;

/** A customer (department) as lists and trees show it. */
export const deptSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  ancestors: z.array(z.number().int()),
  name: z.string(),
  sort: z.number().int(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  defaultRoleId: z.number().int().nullable(),
  /** IANA time zone of follow-up's working and quiet hours; null: the server's. */
  timeZone: z.string().nullable(),
  /** Percent of each chat account's daily sends kept for replies (issue 34). */
  replyReservePercent: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Dept = z.infer<typeof deptSchema>;

export interface DeptNode extends Dept {
  children: DeptNode[];
}
export const deptNodeSchema: z.ZodType<DeptNode> = treeNodeSchema(deptSchema);

/** POST /system/dept/save and /update/{id}. */
export const deptSaveSchema = z.object({
  /** Required except when editing the root customer. */
  parentId: idNumber().nullish(),
  name: text().trim().min(1).max(64),
  sort: sortOrder(),
  leader: optionalText(64),
  phone: optionalText(32),
  email: z
    .union([z.literal(''), z.email().max(128)])
    .nullish()
    .transform((v) => (v ? v : null)),
  enabled: z.boolean().default(true),
  defaultRoleId: idNumber().nullish(),
  timeZone: text()
    .trim()
    .max(64)
    .refine(isTimeZone, { message: 'invalidTimeZone' })
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Percent of each chat account's daily sends kept for replies and welcome messages; left as it is when absent. */
  replyReservePercent: z.number().int().min(0).max(REPLY_RESERVE_MAX).optional(),
});
export type DeptSave = z.input<typeof deptSaveSchema>;

export const DEPT_SORT_FIELDS = ['name', 'sort', 'createdAt'] as const;
/** POST /system/dept/customer/list/page. */
export const deptPageQuerySchema = pageQuerySchema.extend({
  name: text().trim().max(64).optional(),
  enabled: z.boolean().optional(),
  /** Only this customer and its descendants. */
  parentId: idNumber().optional(),
  orderBy: orderBySchema(DEPT_SORT_FIELDS),
});
export type DeptPageQuery = z.input<typeof deptPageQuerySchema>;

/** A customer's current invitation code (GET /system/dept/invitation/{id}, rotate). */
export const invitationCodeSchema = z.object({ code: z.string(), createdAt: z.string() });
export type InvitationCode = z.infer<typeof invitationCodeSchema>;

/** GET /system/dept/tree/all: the customer tree within the caller's scope. */
export const deptTreeSchema = z.array(deptNodeSchema);
/** GET /system/dept/allList: every customer within the caller's scope, flat. */
export const deptListSchema = z.array(deptSchema);

/** What each customer route takes and answers: SPEC §7 "Dept (/system/dept) and customers". */
export const DEPT_ROUTE_SCHEMAS = {
  tree: { summary: 'Customer tree within the caller’s scope', answer: deptTreeSchema },
  all: { summary: 'Every customer within the caller’s scope', answer: deptListSchema },
  page: { summary: 'Customer page list', body: deptPageQuerySchema, answer: pageResultSchema(deptSchema) },
  save: { summary: 'Create a customer', body: deptSaveSchema, answer: deptSchema },
  update: { summary: 'Change a customer', params: systemIdParamsSchema, body: deptSaveSchema, answer: deptSchema },
  remove: { summary: 'Delete a customer without children or users', params: systemIdParamsSchema, answer: z.null() },
  invitation: {
    summary: 'The customer’s invitation code',
    params: systemIdParamsSchema,
    answer: invitationCodeSchema,
  },
  rotateInvitation: {
    summary: 'Revoke the invitation code and issue a new one',
    params: systemIdParamsSchema,
    answer: invitationCodeSchema,
  },
} satisfies RouteSchemas;

export const DEPT_ROUTES = apiRoutes<typeof DEPT_ROUTE_SCHEMAS>({
  tree: 'GET /api/v3/system/dept/tree/all',
  all: 'GET /api/v3/system/dept/allList',
  page: 'POST /api/v3/system/dept/customer/list/page',
  save: 'POST /api/v3/system/dept/save',
  update: 'POST /api/v3/system/dept/update/:id',
  remove: 'GET /api/v3/system/dept/delete/:id',
  invitation: 'GET /api/v3/system/dept/invitation/:id',
  rotateInvitation: 'POST /api/v3/system/dept/invitation/rotate/:id',
});
