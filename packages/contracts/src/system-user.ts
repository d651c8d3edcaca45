import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { newPasswordSchema, usernameSchema } from './auth';
import { customerRowSchema, orderBySchema, pageQuerySchema, pageResultSchema } from './envelope';
import { idNumber, optionalText, text } from './primitives';
import { systemIdParamsSchema, systemIdsBodySchema } from './system-dept';
import { userGenderSchema } from './system-user-current';

export * from './system-user.permissions';

const id = idNumber();

/** A user as the administration list shows it. */
export const adminUserSchema = customerRowSchema.extend({
  username: z.string(),
  nickName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gender: userGenderSchema,
  enabled: z.boolean(),
  builtin: z.boolean(),
  remark: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  posts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  roleIds: z.array(z.number().int()),
  postIds: z.array(z.number().int()),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

const userFields = {
  customerId: id,
  nickName: text().trim().min(1).max(64),
  phone: z
    .union([
      z.literal(''),
      text()
        .trim()
        .max(32)
        .regex(/^\+?[0-9 -]{5,20}$/),
    ])
    .nullish()
    .transform((v) => (v ? v : null)),
  email: z
    .union([z.literal(''), z.email().max(128)])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  gender: userGenderSchema.default('unknown'),
  enabled: z.boolean().default(true),
  remark: optionalText(500),
  roleIds: z.array(id).max(50).default([]),
  postIds: z.array(id).max(50).default([]),
};

/** POST /system/user/save. */
// `.extend` rather than a spread: the web bundle can drop a call it never reads, not a spread.
export const userCreateSchema = z.object(userFields).extend({
  username: usernameSchema,
  password: newPasswordSchema,
});
export type UserCreate = z.input<typeof userCreateSchema>;

/**
 * POST /system/user/update/{id}; the username never changes. Roles and posts left out are kept as
 * they are (an update of the nickname alone never takes the user's roles away).
 */
export const userUpdateSchema = z.object(userFields).extend({
  roleIds: z.array(id).max(50).optional(),
  postIds: z.array(id).max(50).optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** POST /system/user/status/{id}. */
export const userStatusSchema = z.object({ enabled: z.boolean() });

/** GET /system/user/resetPwd/{id}: a generated password, shown once. */
export const resetPasswordResultSchema = z.object({ password: z.string() });
export type ResetPasswordResult = z.infer<typeof resetPasswordResultSchema>;

export const USER_SORT_FIELDS = ['username', 'nickName', 'createdAt'] as const;
/** POST /system/user/page. */
export const userPageQuerySchema = pageQuerySchema.extend({
  /** This customer and everything below it. */
  customerId: id.optional(),
  username: text().trim().max(64).optional(),
  nickName: text().trim().max(64).optional(),
  phone: text().trim().max(32).optional(),
  enabled: z.boolean().optional(),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
  orderBy: orderBySchema(USER_SORT_FIELDS),
});
export type UserPageQuery = z.input<typeof userPageQuerySchema>;

/** What each user administration route takes and answers: SPEC §7 "Auth and user" (the admin calls). */
export const USER_ROUTE_SCHEMAS = {
  page: { summary: 'User page list', body: userPageQuerySchema, answer: pageResultSchema(adminUserSchema) },
  detail: { summary: 'A user with role and post ids', params: systemIdParamsSchema, answer: adminUserDetailSchema },
  save: { summary: 'Create a user', body: userCreateSchema, answer: adminUserDetailSchema },
  update: {
    summary: 'Change a user, their roles and posts',
    params: systemIdParamsSchema,
    body: userUpdateSchema,
    answer: adminUserDetailSchema,
  },
  status: {
    summary: 'Enable or disable a user',
    params: systemIdParamsSchema,
    body: userStatusSchema,
    answer: z.null(),
  },
  resetPassword: {
    summary: 'Set a generated password, returned once',
    params: systemIdParamsSchema,
    answer: resetPasswordResultSchema,
  },
  /** An XLSX file, not an envelope; the server adds its row limit to the summary. */
  export: { summary: 'XLSX of the users matching the filters', body: userPageQuerySchema },
  remove: { summary: 'Delete users (one or a batch)', body: systemIdsBodySchema, answer: z.null() },
} satisfies RouteSchemas;

export const USER_ROUTES = apiRoutes<typeof USER_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/system/user/page',
  detail: 'GET /api/v3/system/user/detail/:id',
  save: 'POST /api/v3/system/user/save',
  update: 'POST /api/v3/system/user/update/:id',
  status: 'POST /api/v3/system/user/status/:id',
  resetPassword: 'GET /api/v3/system/user/resetPwd/:id',
  export: 'POST /api/v3/system/user/export',
  remove: 'POST /api/v3/system/user/delete',
});
