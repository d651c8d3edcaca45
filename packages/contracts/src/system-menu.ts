import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { treeNodeSchema } from './envelope';
import { localizedTextSchema, localizedTitlesInputSchema } from './language';
import { PERMISSION_CODE_PATTERN } from './permission-codes';
import { codeText, idNumber, optionalText, sortOrder, text } from './primitives';
import { systemIdParamsSchema } from './system-dept';

export * from './system-menu.permissions';

export const MENU_TYPES = ['directory', 'menu', 'button'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

export const menuSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.enum(MENU_TYPES),
  name: z.string(),
  titles: localizedTextSchema,
  path: z.string().nullable(),
  component: z.string().nullable(),
  permission: z.string().nullable(),
  icon: z.string().nullable(),
  sort: z.number().int(),
  hidden: z.boolean(),
  cache: z.boolean(),
  external: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type Menu = z.infer<typeof menuSchema>;

export interface MenuNode extends Menu {
  children: MenuNode[];
}
export const menuNodeSchema: z.ZodType<MenuNode> = treeNodeSchema(menuSchema);

/** http(s) links only: `javascript:` and friends never reach a menu. */
export const EXTERNAL_LINK_PATTERN = /^https?:\/\/[^\s]+$/i;

/** POST /system/menu/save and /update/{id}. */
export const menuSaveSchema = z
  .object({
    parentId: idNumber().nullish(),
    type: z.enum(MENU_TYPES),
    name: codeText(),
    titles: localizedTitlesInputSchema,
    path: optionalText(300),
    component: optionalText(200).refine((v) => v === null || /^[a-z0-9_/-]+$/i.test(v), 'invalidFormat'),
    // A concrete code such as `system:user:add`: wildcards are never a permission (only the
    // built-in super-admin role grants everything).
    permission: optionalText(100).refine((v) => v === null || PERMISSION_CODE_PATTERN.test(v), 'invalidFormat'),
    icon: optionalText(64),
    sort: sortOrder(),
    hidden: z.boolean().default(false),
    cache: z.boolean().default(false),
    external: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.external && !(v.path && EXTERNAL_LINK_PATTERN.test(v.path))) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'invalidFormat' });
    }
    if (!v.external && v.path && v.type !== 'button' && !/^\/[A-Za-z0-9_/:.-]*$/.test(v.path)) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'invalidFormat' });
    }
    if (v.type === 'menu' && !v.external && !v.path) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'required' });
    }
  });
export type MenuSave = z.input<typeof menuSaveSchema>;

/** GET /system/menu/tree?title=&enabled=: the whole tree, optionally filtered. */
export const menuTreeQuerySchema = z.object({
  title: text().trim().max(100).optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

/** GET /system/menu/permission/tree: what the caller may grant, for role permission dialogs. */
export interface PermissionNode {
  id: number;
  type: MenuType;
  titles: z.infer<typeof localizedTextSchema>;
  permission: string | null;
  children: PermissionNode[];
}
export const permissionNodeSchema: z.ZodType<PermissionNode> = z.object({
  id: z.number().int(),
  type: z.enum(MENU_TYPES),
  titles: localizedTextSchema,
  permission: z.string().nullable(),
  get children() {
    return z.array(permissionNodeSchema);
  },
});

/**
 * GET /system/menu/update/current: the caller's permissions recomputed now. The shell compares
 * it with what it loaded to learn that a menu, role or permission change reached this user.
 */
export const currentPermissionsSchema = z.object({
  permissions: z.array(z.string()),
  menuIds: z.array(z.number().int()),
  /** Changes whenever any menu is edited (titles, paths, order, visibility), not only granted ones. */
  menusVersion: z.string(),
});
export type CurrentPermissions = z.infer<typeof currentPermissionsSchema>;

/** GET /system/menu/tree: the whole tree. */
export const menuTreeSchema = z.array(menuNodeSchema);
/** GET /system/menu/permission/tree and /permission/menu/tree. */
export const permissionTreeSchema = z.array(permissionNodeSchema);

/** What each menu administration route takes and answers: SPEC §7 "Menu (/system/menu)". */
export const MENU_ROUTE_SCHEMAS = {
  tree: {
    summary: 'The whole menu tree, optionally filtered',
    querystring: menuTreeQuerySchema,
    answer: menuTreeSchema,
  },
  permissionTree: { summary: 'Menus and buttons the caller may grant to a role', answer: permissionTreeSchema },
  current: { summary: 'Recompute the caller’s permissions and menus now', answer: currentPermissionsSchema },
  save: { summary: 'Create a directory, menu or button', body: menuSaveSchema, answer: menuSchema },
  update: { summary: 'Change a menu', params: systemIdParamsSchema, body: menuSaveSchema, answer: menuSchema },
  remove: { summary: 'Delete a menu without children or roles', params: systemIdParamsSchema, answer: z.null() },
} satisfies RouteSchemas;

export const MENU_ROUTES = apiRoutes<typeof MENU_ROUTE_SCHEMAS>({
  tree: 'GET /api/v3/system/menu/tree',
  permissionTree: 'GET /api/v3/system/menu/permission/tree',
  current: 'GET /api/v3/system/menu/update/current',
  save: 'POST /api/v3/system/menu/save',
  update: 'POST /api/v3/system/menu/update/:id',
  remove: 'GET /api/v3/system/menu/delete/:id',
});
