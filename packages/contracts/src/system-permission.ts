import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { orderBySchema, pageQuerySchema, pageResultSchema } from './envelope';
import { localizedTitlesInputSchema } from './language';
import { PERMISSION_CODE_PATTERN } from './permission-codes';
import { idNumber, sortOrder, text } from './primitives';
import { systemIdParamsSchema } from './system-dept';
import { permissionTreeSchema } from './system-menu';

/** A button permission under a menu (the permission-config screen). */
export const permissionSchema = z.object({
  id: z.number().int(),
  menuId: z.number().int(),
  name: z.string(),
  title: z.string(),
  titles: z.object({ en: z.string(), 'zh-chs': z.string(), 'zh-cht': z.string(), ja: z.string() }),
  permission: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  roleCount: z.number().int(),
  createdAt: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** POST /permission/save and /update/{id}. */
export const permissionSaveSchema = z.object({
  menuId: idNumber(),
  titles: localizedTitlesInputSchema,
  permission: text().trim().min(1).max(100).regex(PERMISSION_CODE_PATTERN),
  sort: sortOrder(),
  enabled: z.boolean().default(true),
});
export type PermissionSave = z.input<typeof permissionSaveSchema>;

export const PERMISSION_SORT_FIELDS = ['permission', 'sort', 'createdAt'] as const;
/** POST /permission/menu/page/{id}: the buttons of one menu. */
export const permissionPageQuerySchema = pageQuerySchema.extend({
  permission: text().trim().max(100).optional(),
  orderBy: orderBySchema(PERMISSION_SORT_FIELDS),
});
export type PermissionPageQuery = z.input<typeof permissionPageQuerySchema>;

/**
 * What each permission route takes and answers: SPEC §7 "Permission: POST /menu/page/{id}, /save,
 * /update/{id}; GET /delete/{id}", the button permissions of a menu page.
 */
export const PERMISSION_ROUTE_SCHEMAS = {
  page: {
    summary: 'Button permissions of one menu',
    params: systemIdParamsSchema,
    body: permissionPageQuerySchema,
    answer: pageResultSchema(permissionSchema),
  },
  menuTree: { summary: 'Directories and menus that buttons hang under', answer: permissionTreeSchema },
  save: { summary: 'Add a button permission to a menu', body: permissionSaveSchema, answer: permissionSchema },
  update: {
    summary: 'Change a button permission',
    params: systemIdParamsSchema,
    body: permissionSaveSchema,
    answer: permissionSchema,
  },
  remove: { summary: 'Delete a button permission no role holds', params: systemIdParamsSchema, answer: z.null() },
} satisfies RouteSchemas;

export const PERMISSION_ROUTES = apiRoutes<typeof PERMISSION_ROUTE_SCHEMAS>({
  page: 'POST /api/v3/permission/menu/page/:id',
  menuTree: 'GET /api/v3/permission/menu/tree',
  save: 'POST /api/v3/permission/save',
  update: 'POST /api/v3/permission/update/:id',
  remove: 'GET /api/v3/permission/delete/:id',
});
