import type { BusinessType } from '@agent-console/contracts';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { auditTarget } from './audit-rules';
import type { PermissionRule } from './permission';

/** One API route as registered: what the fuzz and permission-matrix tests iterate over. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
  public: boolean;
  permission?: string;
  /** Permissions some values of the request need besides `permission`. */
  permissionWhen?: readonly PermissionRule[];
  /** Changes objects shared by every customer: needs data scope "all". */
  shared: boolean;
  /** What the operation log records a call as (null: not recorded). */
  audit: { title: string; type: BusinessType } | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Records every /api route as it is registered; must be installed before any route. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({
        method,
        url: route.url,
        ...(route.schema ? { schema: route.schema } : {}),
        public: route.config?.public === true,
        shared: route.config?.shared === true,
        audit: auditTarget(
          method,
          route.url,
          route.config?.audit,
          (route.schema as { tags?: string[] } | undefined)?.tags,
        ),
        ...(route.config?.permission ? { permission: route.config.permission } : {}),
        ...(route.config?.permissionWhen?.length ? { permissionWhen: route.config.permissionWhen } : {}),
      });
    }
  });
}
