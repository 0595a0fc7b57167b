import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type * as React from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { AppErrorFallback } from '@/components/errors/app-error-fallback';
import { Toaster } from '@/components/ui/sonner';
import { getQueryClient } from '@/lib/query-client';

/** App-wide providers: the error boundary of last resort, data cache and toasts. */
export function AppProvider({
  children,
  queryClient,
}: {
  children: React.ReactNode;
  /** Tests pass their own client; the app uses the page's (lib/query-client.ts). */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? getQueryClient());
  return (
    <ErrorBoundary FallbackComponent={AppErrorFallback}>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
