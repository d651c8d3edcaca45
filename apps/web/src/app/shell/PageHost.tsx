import { memo, useEffect, useMemo, useRef } from 'react';
import { type Location, type NavigationType, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { useResolver, useRouteTitle } from '../../platform/navigation/resolve-route';
import { useMenuStore } from '../../platform/stores/menu-store';
import { useSettingsStore } from '../../platform/stores/settings-store';
import { useTabsStore } from '../../platform/stores/tabs-store';
import { useDocumentTitle } from '../router/DocumentTitle';
import { rememberFullPath } from '../router/transit-pages';
import { FreshQueries } from './FreshQueries';
import { PageContent } from './PageContent';

/**
 * A replace navigation that changes only the query (a list's page, sort or filters) keeps the
 * page on screen and its tab: the tab takes the new full path instead of a new tab opening.
 */
function queryReplaced(from: string, to: string, type: NavigationType): boolean {
  return type === 'REPLACE' && from !== to && from.split('?')[0] === to.split('?')[0];
}

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
  const navigationType = useNavigationType();
  const renameTab = useTabsStore((s) => s.rename);
  const alive = useRef(new Map<string, Location>());
  // Frame ids survive a query replacement, so the page is not remounted; its tab follows in the effect.
  const frames = useRef(new Map<string, { id: number; renamedFrom?: string }>());
  const lastFrame = useRef(0);
  const shown = useRef(fullPath);
  const tabbed = useRef<string | null>(null);
  if (shown.current !== fullPath) {
    const from = shown.current;
    shown.current = fullPath;
    const frame = frames.current.get(from);
    if (frame && queryReplaced(from, fullPath, navigationType)) {
      frames.current.set(fullPath, { id: frame.id, renamedFrom: from });
      frames.current.delete(from);
      alive.current.delete(from);
    }
  }
  const frameOf = (key: string) => {
    let frame = frames.current.get(key);
    if (!frame) {
      lastFrame.current += 1;
      frame = { id: lastFrame.current };
      frames.current.set(key, frame);
    }
    // Until the store has moved a renamed tab's refresh count, it is still under the old path.
    const refreshed = refreshKeys[key] ?? (frame.renamedFrom ? refreshKeys[frame.renamedFrom] : undefined) ?? 0;
    return { key: `${frame.id}#${refreshed}`, refreshed: refreshed > 0 };
  };

  useDocumentTitle(titleOf(route));

  // Every navigation after the first asks whether this user's access changed meanwhile (a role or
  // menu edited by an admin elsewhere): the forced route reload of SPEC §2.
  const landed = useRef(location.pathname);
  useEffect(() => {
    if (landed.current === location.pathname) return;
    landed.current = '';
    void useMenuStore.getState().sync();
  }, [location.pathname]);

  const { tabbable, cache, name, path } = route;
  const title = titleOf(route);
  useEffect(() => {
    rememberFullPath(fullPath);
    const from = tabbed.current;
    tabbed.current = tabbable ? fullPath : null;
    if (!tabbable) return;
    const tab = {
      fullPath,
      path,
      name,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      params: {},
      meta: { title, cache },
    };
    if (from && queryReplaced(from, fullPath, navigationType)) renameTab(from, tab);
    else openTab(tab);
  }, [fullPath, tabbable, cache, name, path, title, location.search, navigationType, openTab, renameTab]);

  // Kept pages: the current one if cached, plus those still open as tabs. A kept page keeps the
  // location it was opened at (same full path), so coming back to it does not render it again.
  if (route.cache && route.tabbable && !alive.current.has(fullPath)) alive.current.set(fullPath, location);
  for (const key of [...alive.current.keys()]) {
    if (key !== fullPath && !opened.some((t) => t.fullPath === key)) alive.current.delete(key);
  }
  for (const key of [...frames.current.keys()]) {
    if (key !== fullPath && !alive.current.has(key)) frames.current.delete(key);
  }
  const animate = transition ? ' page-transition' : '';
  const currentFrame = alive.current.has(fullPath) ? null : frameOf(fullPath);

  return (
    <div className="page-host" data-testid="page-host">
      {[...alive.current.entries()].map(([key, loc]) => {
        const frame = frameOf(key);
        return (
          <div key={frame.key} className={`page-frame${animate}`} hidden={key !== fullPath} data-page={key}>
            <FreshQueries fresh={frame.refreshed}>
              <KeptPage location={loc} />
            </FreshQueries>
          </div>
        );
      })}
      {currentFrame && (
        <div key={currentFrame.key} className={`page-frame${animate}`} data-page={fullPath}>
          <FreshQueries fresh={currentFrame.refreshed}>
            <PageContent route={route} />
          </FreshQueries>
        </div>
      )}
    </div>
  );
}

/**
 * A kept page at its own location. Memoised: switching tabs shows or hides its frame and never
 * renders the page again (its location object stays the same while its tab does).
 */
const KeptPage = memo(function KeptPage({ location }: { location: Location }) {
  const resolve = useResolver();
  // <Routes> reads the router's location, so it renders on every navigation; the same page
  // element each time lets React skip the page itself.
  const page = useMemo(() => <PageContent route={resolve(location.pathname)} />, [resolve, location]);
  return (
    <Routes location={location}>
      <Route path="*" element={page} />
    </Routes>
  );
});
