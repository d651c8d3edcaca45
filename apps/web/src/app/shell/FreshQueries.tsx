import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';

/**
 * A tab's "Refresh" remounts its page; without this the remounted page would be served the
 * cached answers (fresh for 30 s) and show nothing new. Inside a refreshed page every query
 * fetches again on mount. The cache is the app's own, so the new answers reach every other
 * screen too, and writes and invalidations behave exactly as elsewhere.
 */
export function FreshQueries({ fresh, children }: { fresh: boolean; children: ReactNode }) {
  const shared = useQueryClient();
  const client = useMemo(() => {
    if (!fresh) return shared;
    const defaults = shared.getDefaultOptions();
    return new QueryClient({
      queryCache: shared.getQueryCache(),
      mutationCache: shared.getMutationCache(),
      defaultOptions: { ...defaults, queries: { ...defaults.queries, refetchOnMount: 'always' } },
    });
  }, [fresh, shared]);
  if (client === shared) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
