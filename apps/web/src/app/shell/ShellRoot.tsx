import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../platform/query/query-client';
import { AntdProviders } from '../AntdProviders';
import { AppLayout } from './AppLayout';

/** The signed-in console: antd's providers and the query cache around the shell (one chunk). */
export default function ShellRoot() {
  return (
    <AntdProviders>
      <QueryClientProvider client={queryClient}>
        <AppLayout />
      </QueryClientProvider>
    </AntdProviders>
  );
}
