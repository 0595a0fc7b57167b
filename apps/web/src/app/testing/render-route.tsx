import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { User } from '@selah/shared/schemas/auth';
import { render, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { onTestFinished } from 'vitest';
import { setBrowserQueryClient } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth-store';
import { createTestQueryClient } from '@/testing/query-client';
import { AppProvider } from '../provider';
import { ErrorBoundary, HydrateFallback, RootLayout } from '../root';
import routeConfig from '../routes';

export const TEST_TOKEN = 'test-session-token';

/** The route modules of src/app/routes.ts, by their path relative to src/app. */
const MODULES = import.meta.glob<{
  default?: React.ComponentType;
  clientLoader?: RouteObject['loader'];
  shouldRevalidate?: RouteObject['shouldRevalidate'];
  handle?: unknown;
  ErrorBoundary?: React.ComponentType;
  HydrateFallback?: React.ComponentType;
}>('../routes/**/*.tsx');

/**
 * A route of the routes file as the browser runs it after the first page: each module loaded
 * when the route is first matched, its `clientLoader` as the route's loader (server loaders only
 * run on the server), and its `shouldRevalidate` and `handle`.
 */
function toRouteObject(entry: RouteConfigEntry): RouteObject {
  const load = MODULES[`../${entry.file}`];
  if (!load) throw new Error(`no route module ${entry.file}`);
  const lazy = async () => {
    const module = await load();
    return {
      Component: module.default ?? null,
      ...(module.clientLoader ? { loader: module.clientLoader } : {}),
      ...(module.shouldRevalidate ? { shouldRevalidate: module.shouldRevalidate } : {}),
      ...(module.handle ? { handle: module.handle } : {}),
      ...(module.ErrorBoundary ? { ErrorBoundary: module.ErrorBoundary } : {}),
      ...(module.HydrateFallback ? { HydrateFallback: module.HydrateFallback } : {}),
    };
  };
  const base = { ...(entry.id ? { id: entry.id } : {}), lazy };
  if (entry.index) return { ...base, index: true };
  return {
    ...base,
    ...(entry.path !== undefined ? { path: entry.path } : {}),
    ...(entry.children ? { children: entry.children.map(toRouteObject) } : {}),
  };
}

/** The app's routes (src/app/routes.ts under its root route), for a browser router. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary,
    HydrateFallback,
    children: routeConfig.map(toRouteObject),
  },
];

/**
 * Renders the whole app (real routes, providers, StrictMode) at `url`, optionally signed in as
 * `user`, and waits until the first route module has loaded.
 */
export async function renderRoute(url: string, { user }: { user?: User } = {}) {
  if (user) useAuthStore.getState().setSession(TEST_TOKEN, user);
  window.history.replaceState(null, '', url);
  const queryClient = createTestQueryClient();
  // Route clientLoaders fill the page's cache: this one.
  setBrowserQueryClient(queryClient);
  const router = createBrowserRouter(routes);
  onTestFinished(() => router.dispose());
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
