import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { orderBySchema, pageQuerySchema, pageResultSchema } from './envelope';
import { codeText, idNumber, optionalText, sortOrder, text } from './primitives';
import { systemIdParamsSchema, systemIdsBodySchema } from './system-dept';
import { DATA_SCOPES } from './system-user-current';

export * from './system-role.permissions';

const id = idNumber();

export const roleSchema = z.object({
  id: z.number().int(),
  /** Owning customer; null for roles shared by every customer (the built-in ones). */
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  name: z.string(),
  key: z.string(),
  dataScope: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
  builtin: z.boolean(),
  remark: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleDetailSchema = roleSchema.extend({
  menuIds: z.array(z.number().int()),
  customerIds: z.array(z.number().int()),
});
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const dataScopeSchema = z.union(DATA_SCOPES.map((s) => z.literal(s)));

/** POST /system/role/save and /update/{id}. */
export const roleSaveSchema = z.object({
  customerId: id.nullish(),
  name: text().trim().min(1).max(64),
  key: codeText(),
  dataScope: dataScopeSchema,
  /** Customers a custom-scope (2) role sees. */
  customerIds: z.array(id).max(1000).default([]),
  sort: sortOrder(),
  enabled: z.boolean().default(true),
  remark: optionalText(500),
});
export type RoleSave = z.input<typeof roleSaveSchema>;

/** POST /system/role/permission/update/{id}: the role's menus and buttons. */
export const rolePermissionSchema = z.object({ menuIds: z.array(id).max(5000) });
export type RolePermission = z.infer<typeof rolePermissionSchema>;

export const ROLE_SORT_FIELDS = ['name', 'key', 'sort', 'createdAt'] as const;
export const rolePageQuerySchema = pageQuerySchema.extend({
  name: text().trim().max(64).optional(),
  key: text().trim().max(64).optional(),
  enabled: z.boolean().optional(),
  orderBy: orderBySchema(ROLE_SORT_FIELDS),
});
export type RolePageQuery = z.input<typeof rolePageQuerySchema>;

export const roleOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  customerId: z.number().int().nullable(),
});
export type RoleOption = z.infer<typeof roleOptionSchema>;
/** POST /system/role/list: the roles the caller may grant. */
export const roleOptionsSchema = z.array(roleOptionSchema);

/** What each role route takes and answers: SPEC §7 "Role (/system/role)". */
export const ROLE_ROUTE_SCHEMAS = {
  page: { summary: 'Role page list', body: rolePageQuerySchema, answer: pageResultSchema(roleSchema) },
  options: { summary: 'Roles the caller may grant', answer: roleOptionsSchema },
  info: {
    summary: 'A role with its menus and custom customers',
    params: systemIdParamsSchema,
    answer: roleDetailSchema,
  },
  save: { summary: 'Create a role', body: roleSaveSchema, answer: roleDetailSchema },
  update: {
    summary: 'Change a role and its data scope',
    params: systemIdParamsSchema,
    body: roleSaveSchema,
    answer: roleDetailSchema,
  },
  updatePermissions: {
    summary: 'Replace the role’s menus and buttons',
    params: systemIdParamsSchema,
    body: rolePermissionSchema,
    answer: roleDetailSchema,
  },
  remove: { summary: 'Delete roles no user holds', body: systemIdsBodySchema, answer: z.null() },
} satisfies RouteSchemas;

export const ROLE_ROUTES = apiRoutes<typeof ROLE_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/system/role/page',
  options: 'POST /api/v3/system/role/list',
  info: 'GET /api/v3/system/role/info/:id',
  save: 'POST /api/v3/system/role/save',
  update: 'POST /api/v3/system/role/update/:id',
  updatePermissions: 'POST /api/v3/system/role/permission/update/:id',
  remove: 'POST /api/v3/system/role/delete',
});
