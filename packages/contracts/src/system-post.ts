import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { customerRowSchema, orderBySchema, pageQuerySchema, pageResultSchema } from './envelope';
import { codeText, idNumber, optionalText, sortOrder, text } from './primitives';
import { systemIdParamsSchema, systemIdsBodySchema } from './system-dept';

export * from './system-post.permissions';

export const postSchema = customerRowSchema.extend({
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** POST /system/post/save and /update/{id}; the customer defaults to the caller's own. */
export const postSaveSchema = z.object({
  customerId: idNumber().optional(),
  code: codeText(),
  name: text().trim().min(1).max(64),
  sort: sortOrder(),
  enabled: z.boolean().default(true),
  remark: optionalText(500),
});
export type PostSave = z.input<typeof postSaveSchema>;

export const POST_SORT_FIELDS = ['code', 'name', 'sort', 'createdAt'] as const;
export const postPageQuerySchema = pageQuerySchema.extend({
  code: text().trim().max(64).optional(),
  name: text().trim().max(64).optional(),
  enabled: z.boolean().optional(),
  customerId: idNumber().optional(),
  orderBy: orderBySchema(POST_SORT_FIELDS),
});
export type PostPageQuery = z.input<typeof postPageQuerySchema>;

/** POST /system/post/list: options for pickers. */
export const postListQuerySchema = z.object({ customerId: idNumber().optional() });
export const postOptionSchema = z.object({ id: z.number().int(), name: z.string(), customerId: z.number().int() });
export type PostOption = z.infer<typeof postOptionSchema>;
export const postOptionsSchema = z.array(postOptionSchema);

/** What each post route takes and answers: SPEC §7 "Post (/system/post)". */
export const POST_ROUTE_SCHEMAS = {
  page: { summary: 'Post page list', body: postPageQuerySchema, answer: pageResultSchema(postSchema) },
  options: { summary: 'Enabled posts within the caller’s scope', body: postListQuerySchema, answer: postOptionsSchema },
  save: { summary: 'Create a post', body: postSaveSchema, answer: postSchema },
  update: { summary: 'Change a post', params: systemIdParamsSchema, body: postSaveSchema, answer: postSchema },
  remove: { summary: 'Delete posts no user holds', body: systemIdsBodySchema, answer: z.null() },
} satisfies RouteSchemas;

export const POST_ROUTES = apiRoutes<typeof POST_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/system/post/page',
  options: 'POST /api/v3/system/post/list',
  save: 'POST /api/v3/system/post/save',
  update: 'POST /api/v3/system/post/update/:id',
  remove: 'POST /api/v3/system/post/delete',
});
