import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';

/** What a menu entry tells the web about its route (SPEC §3 "Menu tree node"). */
export const menuRouteMetaSchema = z.object({
  /** In the request's language. */
  title: z.string(),
  /** Whether the route needs a signed-in user; every server menu does. */
  auth: z.boolean(),
  /** Keep the page alive while its tab stays open. */
  cache: z.boolean(),
  icon: z.string().nullable(),
  /** `path` is an http(s) link opened in a new window instead of a route. */
  external: z.boolean(),
});
export type MenuRouteMeta = z.infer<typeof menuRouteMetaSchema>;

export interface MenuRoute {
  id: number;
  /** Absolute path (`/system/user`), or the link of an external entry. */
  path: string | null;
  name: string;
  type: 'directory' | 'menu';
  hidden: boolean;
  meta: MenuRouteMeta;
  /** Page of the web app, e.g. `system/user/index` → pages/system/user/index.page.tsx. */
  component: string | null;
  children: MenuRoute[];
}

export const menuRouteSchema: z.ZodType<MenuRoute> = z.object({
  id: z.number().int(),
  path: z.string().nullable(),
  name: z.string(),
  type: z.enum(['directory', 'menu']),
  hidden: z.boolean(),
  meta: menuRouteMetaSchema,
  component: z.string().nullable(),
  get children() {
    return z.array(menuRouteSchema);
  },
});

/** GET /api/v3/system/menu/get/current/tree: directories and menus, nested, buttons left out. */
export const currentMenuTreeSchema = z.array(menuRouteSchema);
/** GET /api/v3/system/menu/get/current/router: every page the caller may open, flat. */
export const currentRouterSchema = z.array(menuRouteSchema);

/** The signed-in user's own menu and routes: open to every signed-in user, filtered by their roles. */
export const CURRENT_MENU_ROUTE_SCHEMAS = {
  tree: {
    summary: "The caller's menu tree (directories and menus, no buttons), titles in the request's language",
    answer: currentMenuTreeSchema,
  },
  router: {
    summary: 'Every page the caller may open, flat, for building client routes',
    answer: currentRouterSchema,
  },
} satisfies RouteSchemas;

export const CURRENT_MENU_ROUTES = apiRoutes<typeof CURRENT_MENU_ROUTE_SCHEMAS>({
  tree: 'GET /api/v3/system/menu/get/current/tree',
  router: 'GET /api/v3/system/menu/get/current/router',
});
