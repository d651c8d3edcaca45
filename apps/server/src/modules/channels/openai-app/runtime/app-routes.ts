import type { FastifyInstance } from 'fastify';

/**
 * What opens a route of an app's listener, declared on the route (`config.access`): the app's API
 * key unless it says otherwise. The fuzz test asks every route for what it declares.
 */
export type AppRouteAccess = 'apiKey' | 'widgetKey' | 'public';

/** A route of an app's listener, as its fuzz test walks them all (app-api-fuzz.test.ts). */
export interface AppRoute {
  method: string;
  url: string;
  access: AppRouteAccess;
}

const routesOf = new WeakMap<FastifyInstance, AppRoute[]>();

/** Keeps the list of the routes registered on the listener from here on. */
export function listRoutes(server: FastifyInstance): void {
  const routes: AppRoute[] = [];
  routesOf.set(server, routes);
  server.addHook('onRoute', (route) => {
    const access = (route.config as { access?: AppRouteAccess } | undefined)?.access ?? 'apiKey';
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
  });
}

/** Every route an app listener serves, HEAD left out: a new route is fuzzed without being listed. */
export function appRoutesOf(server: FastifyInstance): readonly AppRoute[] {
  return routesOf.get(server) ?? [];
}
