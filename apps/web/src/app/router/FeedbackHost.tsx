import { lazy, Suspense, useSyncExternalStore } from 'react';
import { feedbackWanted, onFeedbackWanted } from '../../platform/api/feedback';

/** antd's providers with the toast bridge and nothing else: toasts and confirmations are portals. */
const Host = lazy(() =>
  import('../AntdProviders').then(({ AntdProviders }) => ({
    default: () => <AntdProviders feedback />,
  })),
);

/**
 * Where toasts and confirmations live, for every screen: beside the routes, so a toast outlives
 * the screen that asked for it (a session that ended shows its message on the sign-in page). It
 * loads antd only once wanted: when the shell opens or a toast is asked for, never for a sign-in
 * page that has nothing to say.
 */
export function FeedbackHost() {
  const wanted = useSyncExternalStore(onFeedbackWanted, feedbackWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  );
}
