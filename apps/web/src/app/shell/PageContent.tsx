import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useLogStore } from '../../platform/log/log-store';
import type { ResolvedRoute } from '../../platform/navigation/resolve-route';
import { HomePage } from '../home/HomePage';
import { type Chunk, LazyChunk, lazyChunk } from '../router/lazy-chunk';
import type { SignInState } from '../router/sign-in-target';
import { RedirectPage, RefreshPage } from '../router/transit-pages';
import { PageErrorBoundary } from './PageErrorBoundary';
import { findPage } from './page-registry';

/** One lazy component per page file, so remounts (refresh, second tab) reuse the loaded chunk. */
const lazyPages = new Map<string, Chunk>();
function lazyPage(component: string): Chunk | undefined {
  const cached = lazyPages.get(component);
  if (cached) return cached;
  const load = findPage(component);
  if (!load) return undefined;
  const chunk = lazyChunk(load, `pages/${component}`);
  lazyPages.set(component, chunk);
  return chunk;
}

/**
 * The front-end log and the 404 page load like the menu's pages: neither the log's table nor the
 * 404 picture is part of the shell's first screen.
 */
const logPage = lazyChunk<object>(() => import('../log/LogPage').then((m) => ({ default: m.LogPage })), 'pages/log');
const notFoundPage = lazyChunk<object>(
  () => import('../error/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
  'pages/notFound',
);

/** Reported once per component path, not on every render. */
const reported = new Set<string>();
function MissingPage({ component }: { component: string }) {
  const push = useLogStore((s) => s.push);
  useEffect(() => {
    if (reported.has(component)) return;
    reported.add(component);
    push({ type: 'warning', message: `file does not exist: pages/${component}.page.tsx`, extra: { component } });
    // SPEC §8: "a missing module gives a cannot-find-module error", beside the warning above.
    push({ type: 'error', message: `Cannot find module pages/${component}`, extra: { component } });
  }, [component, push]);
  return <LoadedPage page={notFoundPage} where="notFound" />;
}

export function PageContent({ route }: { route: ResolvedRoute }) {
  switch (route.kind) {
    case 'home':
      return <HomePage />;
    case 'log':
      return <LoadedPage page={logPage} where="log" />;
    case 'refresh':
      return <RefreshPage />;
    case 'redirect':
      return <RedirectPage />;
    case 'notFound':
      return <NotFound />;
    default:
      break;
  }
  const page = route.component ? lazyPage(route.component) : undefined;
  if (!page) return <MissingPage component={route.component ?? route.path} />;
  return <LoadedPage page={page} where={route.component ?? route.path} />;
}

/** The 404 page; but a page the user cannot open, reached straight from sign-in, gives way to Home. */
function NotFound() {
  const state = useLocation().state as Partial<SignInState> | null;
  if (state?.fromSignIn) return <Navigate to="/index" replace />;
  return <LoadedPage page={notFoundPage} where="notFound" />;
}

/** A page's chunk: a spinner while it arrives, the page's error with "Try again" if it does not. */
function LoadedPage({ page, where }: { page: Chunk; where: string }) {
  return (
    <PageErrorBoundary where={where} onRetry={page.retry}>
      <Suspense
        fallback={
          <div className="page-loading">
            <Spin />
          </div>
        }
      >
        <LazyChunk chunk={page} />
      </Suspense>
    </PageErrorBoundary>
  );
}
