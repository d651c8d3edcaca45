import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { NotFoundPage } from '../pages/error/NotFoundPage';
import { HomePage } from '../pages/home/HomePage';
import { LogPage } from '../pages/log/LogPage';
import { findPage } from '../router/page-registry';
import type { ResolvedRoute } from '../router/resolve-route';
import { RedirectPage, RefreshPage } from '../router/transit-pages';
import { useLogStore } from '../stores/log-store';
import { PageErrorBoundary } from './PageErrorBoundary';

/** One lazy component per page file, so remounts (refresh, second tab) reuse the loaded chunk. */
const lazyPages = new Map<string, ComponentType>();
function lazyPage(component: string): ComponentType | undefined {
  const cached = lazyPages.get(component);
  if (cached) return cached;
  const load = findPage(component);
  if (!load) return undefined;
  const page = lazy(load);
  lazyPages.set(component, page);
  return page;
}

/** Reported once per component path, not on every render. */
const reported = new Set<string>();
function MissingPage({ component }: { component: string }) {
  const push = useLogStore((s) => s.push);
  useEffect(() => {
    if (reported.has(component)) return;
    reported.add(component);
    push({ type: 'warning', message: `file does not exist: pages/${component}.page.tsx`, extra: { component } });
  }, [component, push]);
  return <NotFoundPage />;
}

export function PageContent({ route }: { route: ResolvedRoute }) {
  switch (route.kind) {
    case 'home':
      return <HomePage />;
    case 'log':
      return <LogPage />;
    case 'refresh':
      return <RefreshPage />;
    case 'redirect':
      return <RedirectPage />;
    case 'notFound':
      return <NotFoundPage />;
    default:
      break;
  }
  const Page = route.component ? lazyPage(route.component) : undefined;
  if (!Page) return <MissingPage component={route.component ?? route.path} />;
  return (
    <PageErrorBoundary where={route.component ?? route.path}>
      <Suspense
        fallback={
          <div className="page-loading">
            <Spin />
          </div>
        }
      >
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
