import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteError } from '@/components/errors/route-error';
import { PageSkeleton } from '@/components/layouts/page-skeleton';
import { paths } from '@/config/paths';
import { PROTECTED_ROUTE_ID } from './route-ids';
import { RootLayout } from './routes/root';

/**
 * Every route of both specs. Pages are lazy modules (one chunk each) exporting `Component`.
 * Public: /, /login, /signup, /auth/callback, /forgot-password, /reset-password, /terms,
 * /privacy, /trade. Everything under the protected layout redirects visitors to /login.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSkeleton,
    children: [
      { path: paths.home.path, lazy: () => import('./routes/landing') },
      { path: paths.trade.path, lazy: () => import('./routes/trade') },
      { path: paths.legal.terms.path, lazy: () => import('./routes/legal/terms') },
      { path: paths.legal.privacy.path, lazy: () => import('./routes/legal/privacy') },
      { path: paths.auth.login.path, lazy: () => import('./routes/auth/login') },
      { path: paths.auth.signup.path, lazy: () => import('./routes/auth/signup') },
      { path: paths.auth.callback.path, lazy: () => import('./routes/auth/callback') },
      {
        path: paths.auth.forgotPassword.path,
        lazy: () => import('./routes/auth/forgot-password'),
      },
      { path: paths.auth.resetPassword.path, lazy: () => import('./routes/auth/reset-password') },
      { path: paths.auth.verifyEmail.path, lazy: () => import('./routes/auth/verify-email') },
      {
        id: PROTECTED_ROUTE_ID,
        lazy: () => import('./routes/app/root'),
        children: [
          {
            // Errors inside a page keep the sidebar and header around them.
            errorElement: <RouteError />,
            children: [
              { path: paths.app.dashboard.path, lazy: () => import('./routes/app/dashboard') },
              { path: paths.app.journals.path, lazy: () => import('./routes/app/journals') },
              { path: paths.app.journal.path, lazy: () => import('./routes/app/journal') },
              {
                path: paths.app.journalPrint.path,
                lazy: () => import('./routes/app/journal-print'),
              },
              { path: paths.app.discover.path, lazy: () => import('./routes/app/discover') },
              { path: paths.app.prayers.path, lazy: () => import('./routes/app/prayers') },
              { path: paths.app.prayer.path, lazy: () => import('./routes/app/prayer') },
              {
                path: paths.app.prayerRequests.path,
                lazy: () => import('./routes/app/prayer-requests'),
              },
              { path: paths.app.friends.path, lazy: () => import('./routes/app/friends') },
              {
                path: paths.app.prayerGroups.path,
                lazy: () => import('./routes/app/prayer-groups'),
              },
              {
                path: paths.app.prayerGroup.path,
                lazy: () => import('./routes/app/prayer-group'),
              },
              { path: paths.app.settings.path, lazy: () => import('./routes/app/settings') },
              { path: paths.app.pricing.path, lazy: () => import('./routes/app/pricing') },
              {
                path: paths.app.adminPayments.path,
                lazy: () => import('./routes/app/admin-payments'),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * The app's router. main.tsx creates it before React's first render: creating it matches the URL
 * and starts loading the page's lazy route chunks, which then download while React sets up.
 */
export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}

/** Resolves once the router has loaded the first page's lazy route modules (or failed to). */
export function whenRouterReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
