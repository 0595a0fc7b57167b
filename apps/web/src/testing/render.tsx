import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type * as React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { createTestQueryClient } from './query-client';

/**
 * Renders a component at `path` inside the providers it needs (router, query client, tooltips,
 * toasts). For whole pages with the app's real routes use `renderRoute` (app/testing).
 */
export function renderComponent(ui: React.ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}
