import { QueryClient } from '@tanstack/react-query';
import { onLocalSessionCleared } from '../stores/session-store';

/** The app's query cache; it lives in the shell's chunk, since the sign-in page runs no queries. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// One user's answers never reach the next one signed in on this browser.
onLocalSessionCleared(() => queryClient.clear());
