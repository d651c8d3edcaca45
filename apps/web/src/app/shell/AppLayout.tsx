import type { Language } from '@agent-console/contracts';
import { Button, Spin } from 'antd';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../platform/lib/use-viewport';
import { resolveRoute } from '../../platform/navigation/resolve-route';
import { queryClient } from '../../platform/query/query-client';
import { useMenuStore } from '../../platform/stores/menu-store';
import { useSessionStore } from '../../platform/stores/session-store';
import { useSettingsStore } from '../../platform/stores/settings-store';
import { useTabsStore } from '../../platform/stores/tabs-store';
import { updateUserRecord } from '../../platform/stores/user-storage';
import { PlainResult } from '../../ui/plain/PlainResult';
import './app-layout.css';
import './phone.css';
import { AppDock } from './AppDock';
import { AppHeader } from './AppHeader';
import { AsideMenu } from './AsideMenu';
import { LazyPart, lazyPart, OverlayLoading, useOpenedOnce } from './lazy-part';
import { NavDrawer } from './NavDrawer';
import { PageHost } from './PageHost';
import { useSearchHotkey } from './search-hotkey';
import { TabsStrip } from './TabsStrip';
import { useAside } from './use-aside';

const searchPanel = lazyPart('SearchPanel', () => import('./SearchPanel').then((m) => m.SearchPanel));

/** Side menu widths (SPEC §2): 280 px English, 270 px Japanese, 210 px otherwise, 60 px collapsed. */
export function asideWidth(lang: Language, collapsed: boolean): number {
  if (collapsed) return 60;
  if (lang === 'en') return 280;
  if (lang === 'ja') return 270;
  return 210;
}

/**
 * Loads what the signed-in user's shell needs, in order: their settings, their router list (once,
 * SPEC §2), then their saved tabs filtered against that list — before the first page renders, so a
 * reload never loses tabs (the D2Admin race of ANCHORS §A).
 */
function useShellBootstrap(): { ready: boolean; failed: boolean; retry(): void } {
  const user = useSessionStore((s) => s.user);
  const [state, setState] = useState({ ready: false, failed: false });
  const [attempt, setAttempt] = useState(0);
  const username = user?.username ?? '';
  const permissions = useRef(user?.permissions ?? []);
  permissions.current = user?.permissions ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry
  useEffect(() => {
    if (!username || !user) return;
    let cancelled = false;
    setState({ ready: false, failed: false });
    useSettingsStore.getState().loadFor(username);
    updateUserRecord(username, (r) => {
      r.user.info = { username, nickName: user.nickName };
    });
    useMenuStore
      .getState()
      .load()
      .then(() => {
        if (cancelled) return;
        const { routes } = useMenuStore.getState();
        useTabsStore
          .getState()
          .loadFor(username, (tab) => resolveRoute(tab.path, routes, permissions.current).tabbable);
        setState({ ready: true, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ ready: false, failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [username, attempt]);

  return { ...state, retry: () => setAttempt((a) => a + 1) };
}

export function AppLayout() {
  const { t, i18n } = useTranslation('shell');
  const lang = i18n.language as Language;
  const { ready, failed, retry } = useShellBootstrap();
  const color = useSettingsStore((s) => s.color);
  const viewport = useViewport();
  const aside = useAside(viewport);
  const collapsed = aside.collapsed;
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = useCallback(() => setNavOpen(false), []);
  const [searchOpen, setSearchOpen] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const searchUsed = useOpenedOnce(searchOpen);
  useSearchHotkey(openSearch);

  // Menu titles, role and customer names come from the server in the request's language: fetch
  // them again on a switch (every query on screen refetches; the others when next shown).
  const firstLang = useRef(lang);
  useEffect(() => {
    if (lang === firstLang.current) return;
    firstLang.current = lang;
    void useMenuStore.getState().retitle();
    // The signed-in person's own customer and role names (Home's account card) too.
    void useSessionStore
      .getState()
      .loadUser()
      .catch(() => undefined);
    void queryClient.invalidateQueries();
  }, [lang]);

  if (failed) {
    return (
      <PlainResult
        status="warning"
        title={t('bootstrap.failed')}
        extra={
          <Button type="primary" onClick={retry}>
            {t('bootstrap.retry')}
          </Button>
        }
      />
    );
  }
  if (!ready) {
    return (
      <div className="shell-loading" data-testid="shell-loading">
        <Spin size="large" />
      </div>
    );
  }

  const phone = viewport === 'phone';
  const width = asideWidth(lang, collapsed);
  return (
    <div
      className="app-layout"
      data-testid="app-layout"
      data-viewport={viewport}
      style={{ '--shell-primary': color } as CSSProperties}
    >
      <AppHeader
        viewport={viewport}
        asideWidth={width}
        collapsed={collapsed}
        onToggleAside={aside.toggle}
        onOpenNav={() => setNavOpen(true)}
        onSearch={openSearch}
        onFocusDirectory={(key) => {
          if (collapsed) aside.expand();
          setFocusKey(`${key}#${Date.now()}`);
        }}
      />
      <div className="app-body">
        {phone ? (
          <NavDrawer open={navOpen} width={asideWidth(lang, false)} onClose={closeNav} />
        ) : (
          <aside className="app-aside" style={{ width }} data-testid="aside" data-width={width}>
            <AsideMenu collapsed={collapsed} focusKey={focusKey} />
          </aside>
        )}
        <main className="app-main">
          <TabsStrip />
          <div className="app-content">
            <PageHost />
          </div>
          <AppDock />
        </main>
      </div>
      {searchUsed && (
        <LazyPart
          chunk={searchPanel}
          props={{ open: searchOpen, onClose: closeSearch }}
          fallback={<OverlayLoading />}
        />
      )}
    </div>
  );
}
