import { ALL_PERMISSIONS, type MenuRoute } from '@agent-console/contracts';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { normalizePath, shellRouteOf } from './static-routes';

/** What a location shows inside the shell. */
export interface ResolvedRoute {
  kind: 'home' | 'log' | 'page' | 'refresh' | 'redirect' | 'notFound';
  path: string;
  name: string;
  component?: string;
  cache: boolean;
  /** Only visible leaf pages become tabs (ANCHORS §A). */
  tabbable: boolean;
  titleKey?: string;
  /** The server's title of a menu-driven route, already in the current language. */
  title?: string;
}

/**
 * Client routes come only from the user's own router list (plus the static shell routes), so a
 * menu the user's roles lack does not exist for them, even typed into the address bar.
 */
export function resolveRoute(pathname: string, routes: MenuRoute[], permissions: readonly string[]): ResolvedRoute {
  const path = normalizePath(pathname);
  const menu = routes.find((r) => r.path !== null && normalizePath(r.path) === path && !r.meta.external);
  const shell = shellRouteOf(path);
  const allowed = (code?: string) => !code || permissions.includes(ALL_PERMISSIONS) || permissions.includes(code);
  if (shell && (allowed(shell.permission) || menu)) {
    return {
      kind: shell.kind,
      path,
      name: menu?.name ?? shell.name,
      ...(shell.component ? { component: shell.component } : {}),
      cache: menu?.meta.cache ?? shell.cache ?? false,
      tabbable: !shell.hidden && !(menu?.hidden ?? false),
      titleKey: shell.titleKey,
    };
  }
  if (menu) {
    return {
      kind: 'page',
      path,
      name: menu.name,
      ...(menu.component ? { component: menu.component } : {}),
      cache: menu.meta.cache,
      tabbable: !menu.hidden,
      title: menu.meta.title,
    };
  }
  return {
    kind: 'notFound',
    path,
    name: 'notFound',
    cache: false,
    tabbable: false,
    titleKey: 'common:routes.notFound',
  };
}

export function routeTitle(route: ResolvedRoute, t: TFunction): string {
  return route.title ?? (route.titleKey ? t(route.titleKey) : route.name);
}

/** The resolver bound to the signed-in user's router list and permissions. */
export function useResolver(): (pathname: string) => ResolvedRoute {
  const routes = useMenuStore((s) => s.routes);
  const permissions = useSessionStore((s) => s.user?.permissions);
  return useCallback((pathname: string) => resolveRoute(pathname, routes, permissions ?? []), [routes, permissions]);
}

export function useRouteTitle(): (route: ResolvedRoute) => string {
  const { t } = useTranslation();
  return useCallback((route: ResolvedRoute) => routeTitle(route, t), [t]);
}
