import { useEffect, useRef } from 'react';
import { type Location, Route, Routes, useLocation } from 'react-router';
import { useDocumentTitle } from '../router/DocumentTitle';
import { type ResolvedRoute, useResolver, useRouteTitle } from '../router/resolve-route';
import { rememberFullPath } from '../router/transit-pages';
import { useSettingsStore } from '../stores/settings-store';
import { useTabsStore } from '../stores/tabs-store';
import { PageContent } from './PageContent';

/**
 * The page area. Pages with `meta.cache` stay mounted (hidden) while their tab is open, keyed by
 * full path so two tabs of one page keep separate state (D2Admin keyed by route name and shared
 * it). Each kept page sees its own location, frozen at its tab, through a nested <Routes>.
 */
export function PageHost() {
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}`;
  const resolve = useResolver();
  const titleOf = useRouteTitle();
  const route = resolve(location.pathname);
  const opened = useTabsStore((s) => s.opened);
  const openTab = useTabsStore((s) => s.open);
  const refreshKeys = useTabsStore((s) => s.refreshKeys);
  const transition = useSettingsStore((s) => s.transition);
  const alive = useRef(new Map<string, Location>());

  useDocumentTitle(titleOf(route));

  const { tabbable, cache, name, path } = route;
  const title = titleOf(route);
  useEffect(() => {
    rememberFullPath(fullPath);
    if (!tabbable) return;
    openTab({
      fullPath,
      path,
      name,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      params: {},
      meta: { title, cache },
    });
  }, [fullPath, tabbable, cache, name, path, title, location.search, openTab]);

  // Kept pages: the current one if cached, plus those still open as tabs.
  if (route.cache && route.tabbable) alive.current.set(fullPath, location);
  for (const key of [...alive.current.keys()]) {
    if (key !== fullPath && !opened.some((t) => t.fullPath === key)) alive.current.delete(key);
  }
  const animate = transition ? ' page-transition' : '';

  return (
    <div className="page-host" data-testid="page-host">
      {[...alive.current.entries()].map(([key, loc]) => (
        <div
          key={`${key}#${refreshKeys[key] ?? 0}`}
          className={`page-frame${animate}`}
          hidden={key !== fullPath}
          data-page={key}
        >
          <KeptPage location={loc} route={resolve(loc.pathname)} />
        </div>
      ))}
      {!alive.current.has(fullPath) && (
        <div key={`${fullPath}#${refreshKeys[fullPath] ?? 0}`} className={`page-frame${animate}`} data-page={fullPath}>
          <PageContent route={route} />
        </div>
      )}
    </div>
  );
}

function KeptPage({ location, route }: { location: Location; route: ResolvedRoute }) {
  return (
    <Routes location={location}>
      <Route path="*" element={<PageContent route={route} />} />
    </Routes>
  );
}
