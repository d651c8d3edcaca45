import { Spin } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NotFoundPage } from '../pages/error/NotFoundPage';
import { PageErrorBoundary } from '../shell/PageErrorBoundary';
import { hasToken } from '../stores/session-store';
import { useDocumentTitle } from './DocumentTitle';
import { LazyChunk, lazyChunk } from './lazy-chunk';
import { RequireAuth } from './RequireAuth';
import { shellRouteOf } from './static-routes';

// The shell loads in its own chunk, so the sign-in page does not carry it (bench: sign-in entry size).
const shellChunk = lazyChunk(
  () => import('../shell/AppLayout').then(({ AppLayout: Shell }) => ({ default: Shell })),
  'shell',
);

/**
 * Every path except sign-in lands here. Signed in, the shell resolves it against the user's own
 * router list. Anonymous, the static shell routes ask to sign in; any other path is unknown
 * (the menu-driven routes do not exist before sign-in), so it shows the 404 page.
 */
export function ShellEntry() {
  const { pathname } = useLocation();
  if (!hasToken() && !shellRouteOf(pathname)) return <AnonymousNotFound />;
  return (
    <RequireAuth>
      <PageErrorBoundary where="shell" onRetry={shellChunk.retry}>
        <Suspense fallback={<ShellLoading />}>
          <LazyChunk chunk={shellChunk} />
        </Suspense>
      </PageErrorBoundary>
    </RequireAuth>
  );
}

function AnonymousNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('common:routes.notFound'));
  return <NotFoundPage />;
}

function ShellLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Spin size="large" />
    </div>
  );
}
