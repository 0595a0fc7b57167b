import type { User } from '@selah/shared/schemas/auth';
import { render, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { onTestFinished } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { createTestQueryClient } from '@/testing/query-client';
import { AppProvider } from '../provider';
import { routes } from '../router';

export const TEST_TOKEN = 'test-session-token';

/**
 * Renders the whole app (real routes, providers, StrictMode) at `url`, optionally signed in as
 * `user`, and waits until the first route module has loaded.
 */
export async function renderRoute(url: string, { user }: { user?: User } = {}) {
  if (user) useAuthStore.getState().setSession(TEST_TOKEN, user);
  window.history.replaceState(null, '', url);
  const router = createBrowserRouter(routes);
  onTestFinished(() => router.dispose());
  const queryClient = createTestQueryClient();
  const result = render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  await waitFor(
    () => {
      if (!router.state.initialized || router.state.navigation.state !== 'idle') {
        throw new Error('The route is still loading.');
      }
      // React renders router updates in a transition: wait until the page replaced the fallback.
      if (document.querySelector('[data-slot="page-skeleton"]')) {
        throw new Error('The page is not rendered yet.');
      }
    },
    // The first page a test file renders also loads (and transforms) the app's lazy modules.
    { timeout: 5000 },
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}

/** The current address of the app (pathname + search). */
export function currentUrl() {
  return `${window.location.pathname}${window.location.search}`;
}
