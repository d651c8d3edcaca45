import { memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { feedbackReady, wantFeedback } from '../../platform/api/feedback';
import { shellRouteOf } from '../../platform/navigation/static-routes';
import { hasToken } from '../../platform/stores/session-store';
import { PlainButton } from '../../ui/plain/PlainButton';
import { PlainResult } from '../../ui/plain/PlainResult';
import { ScreenSpinner } from '../../ui/plain/Spinner';
import { ErrorBoundary } from './ErrorBoundary';
import { type Chunk, LazyChunk, lazyChunk } from './lazy-chunk';
import { RequireAuth } from './RequireAuth';

/**
 * The shell, with antd and the query cache, is its own chunk, so the sign-in page carries none of
 * it (bench: sign-in entry size). It shows once the toast host is up too: a logout or a tab
 * closed with unsaved changes must be able to ask first.
 */
const shellChunk = lazyChunk<object>(
  () => Promise.all([import('../shell/ShellRoot'), feedbackReady()]).then(([shell]) => shell),
  'shell',
);

/** The 404 page of a signed-out visitor; antd draws it, so it loads in its own chunk too. */
const notFoundChunk = lazyChunk(() => import('./AnonymousNotFound'), 'notFound');

/**
 * Every path except sign-in lands here. Signed in, the shell resolves it against the user's own
 * router list. Anonymous, the static shell routes ask to sign in; any other path is unknown
 * (the menu-driven routes do not exist before sign-in), so it shows the 404 page.
 */
export function ShellEntry() {
  const { pathname } = useLocation();
  const anonymousNotFound = !hasToken() && !shellRouteOf(pathname);
  // The toast host loads beside the shell (router/FeedbackHost.tsx); the shell's chunk waits for it.
  useEffect(() => {
    if (!anonymousNotFound) wantFeedback();
  }, [anonymousNotFound]);
  if (anonymousNotFound) return <LoadedChunk chunk={notFoundChunk} where="notFound" />;
  return (
    <RequireAuth>
      <LoadedChunk chunk={shellChunk} where="shell" />
    </RequireAuth>
  );
}

/**
 * A chunk with its spinner while loading and its failure (with "Try again") if it does not load.
 * Memoised: a navigation re-renders the entry above (it reads the location), never the shell.
 */
const LoadedChunk = memo(function LoadedChunk({ chunk, where }: { chunk: Chunk; where: string }) {
  return (
    <ErrorBoundary
      where={where}
      onRetry={chunk.retry}
      fallback={(error, retry) => <Failed error={error} retry={retry} />}
    >
      <Suspense fallback={<ScreenSpinner />}>
        <LazyChunk chunk={chunk} />
      </Suspense>
    </ErrorBoundary>
  );
});

/** A shell chunk that failed to load, without antd (which was in that chunk). */
function Failed({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <PlainResult
      status="error"
      title={t('pageError.title')}
      subTitle={error.message}
      testId="page-error"
      extra={
        <PlainButton variant="primary" onClick={retry}>
          {t('pageError.retry')}
        </PlainButton>
      }
    />
  );
}
