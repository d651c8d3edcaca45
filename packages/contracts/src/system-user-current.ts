import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';

export const USER_GENDERS = ['male', 'female', 'unknown'] as const;
export const userGenderSchema = z.enum(USER_GENDERS);
export type UserGender = z.infer<typeof userGenderSchema>;

/** Data scopes of a role (ANCHORS §B): 1 all, 2 custom customers, 3 own, 4 own and below, 5 self. */
export const DATA_SCOPES = [1, 2, 3, 4, 5] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** The permission code that grants everything; only the built-in super-admin role has it. */
export const ALL_PERMISSIONS = '*:*:*';
/** The key of the built-in role that grants everything; no stored permission string can. */
export const SUPER_ADMIN_ROLE_KEY = 'super_admin';

/** Who a user is, as both their own current-user answer and a profile show it. */
export const userIdentitySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gender: userGenderSchema,
  avatar: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
});
export type UserIdentity = z.infer<typeof userIdentitySchema>;

export const currentUserSchema = userIdentitySchema.extend({
  roles: z.array(z.object({ id: z.number().int(), key: z.string(), name: z.string() })),
  permissions: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The signed-in user's own call (any signed-in user may make it). */
export const CURRENT_USER_ROUTE_SCHEMAS = {
  info: { summary: 'The signed-in user with customer, roles and permission codes', answer: currentUserSchema },
} satisfies RouteSchemas;

export const CURRENT_USER_ROUTES = apiRoutes<typeof CURRENT_USER_ROUTE_SCHEMAS>({
  info: 'GET /api/v3/system/user/info',
});
