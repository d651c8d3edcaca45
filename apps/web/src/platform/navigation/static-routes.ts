import { JOB_PERMISSIONS, MENU_PERMISSIONS } from '@agent-console/contracts';

/** Static routes of the shell (SPEC §2). Pages with a `component` are found by file name. */
export interface ShellRoute {
  path: string;
  name: string;
  /** i18n key of the title; translated live, so tabs follow language changes. */
  titleKey: string;
  kind: 'home' | 'log' | 'page' | 'refresh' | 'redirect';
  component?: string;
  /** Without it the route does not exist for that user (404), like a menu they lack. */
  permission?: string;
  cache?: boolean;
  /** Hidden routes never become tabs. */
  hidden?: boolean;
}

/**
 * Home (the tab that is always open) and the front-end log stay mounted while their tabs are
 * open, like pages with `meta.cache`: switching to them shows them again instead of building
 * them anew (bench: tab switch). Both show live data (stores, a polling query), so nothing goes stale.
 */
export const SHELL_ROUTES: ShellRoute[] = [
  { path: '/index', name: 'index', titleKey: 'common:routes.home', kind: 'home', cache: true },
  { path: '/log', name: 'log', titleKey: 'common:routes.log', kind: 'log', cache: true },
  { path: '/refresh', name: 'refresh', titleKey: 'shell:routes.refresh', kind: 'refresh', hidden: true },
  { path: '/redirect', name: 'redirect', titleKey: 'shell:routes.redirect', kind: 'redirect', hidden: true },
  {
    path: '/boot/admin/system/menu',
    name: 'bootAdminSystemMenu',
    titleKey: 'shell:routes.menu',
    kind: 'page',
    component: 'system/menu/index',
    permission: MENU_PERMISSIONS.list,
  },
  {
    path: '/boot/admin/system/user/setting',
    name: 'bootAdminUserSetting',
    titleKey: 'shell:routes.userSetting',
    kind: 'page',
    component: 'system/user/setting',
  },
  {
    path: '/boot/admin/monitor/log/job',
    name: 'bootAdminJobLog',
    titleKey: 'shell:routes.jobLog',
    kind: 'page',
    component: 'monitor/job-log/index',
    permission: JOB_PERMISSIONS.list,
  },
];

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Static route of a path; `/redirect/<anything>` belongs to the redirect route. */
export function shellRouteOf(pathname: string): ShellRoute | undefined {
  const path = normalizePath(pathname);
  if (path === '/redirect' || path.startsWith('/redirect/')) return SHELL_ROUTES.find((r) => r.kind === 'redirect');
  return SHELL_ROUTES.find((r) => r.path === path);
}
