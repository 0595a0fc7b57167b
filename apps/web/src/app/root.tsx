// First: zod must not probe for eval, which the CSP refuses (lib/zod-config.ts). The document's
// module script imports this route module before anything else of the app.
import '@/lib/zod-config';
import { useEffect, useRef } from 'react';
import type * as React from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigate,
  useNavigation,
} from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { PageSkeleton } from '@/components/layouts/page-skeleton';
import { paths } from '@/config/paths';
import { useSyncCurrentUser } from '@/features/auth/hooks/use-sync-current-user';
import { useAppearanceSync } from '@/features/settings/hooks/use-appearance-sync';
import { useIsHydrating } from '@/hooks/use-is-hydrating';
import { useStorageSync } from '@/hooks/use-storage-sync';
import { onUnauthorized } from '@/lib/api-client';
import paintFirst from '../../head/paint-first.js?raw';
import themeInit from '../../head/theme-init.js?raw';
import { useNonce } from './nonce';
import { AppProvider } from './provider';
import { PROTECTED_ROUTE_ID } from './route-ids';
import '../index.css';

/** A script of head/ as it goes into the page: its comments left out (the server's render only). */
const inline = (script: string) =>
  import.meta.env.SSR ? script.replace(/^\s*\/\/.*\n/gm, '').trim() : '';
const THEME_INIT = inline(themeInit);
const PAINT_FIRST = inline(paintFirst);

/**
 * The document of every page (React Router's root route, docs/decisions/045). The server renders
 * it, or the build prerenders it ("/", "/login"), and the browser hydrates it.
 *
 * head/theme-init.js runs inline before the first paint (no flash of the wrong theme or font
 * size), head/paint-first.js starts the app after it (./paint-first.ts); like every inline script
 * of the page they carry the response's CSP nonce. Only the server's render has their text: the
 * browser keeps the scripts it was sent as they are.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrates = useHydrates();
  return (
    <html lang="en" data-theme-color="slate" suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta
          name="description"
          content="Selah is a quiet place to keep prayer journals and pray together with friends."
        />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: THEME_INIT }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrates && (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: PAINT_FIRST }}
            />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * Whether the document loads the app: not when a route of the page says `handle = { hydrate:
 * false }` (the landing page, which works without it).
 */
function useHydrates(): boolean {
  return !useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
}

/** A thin bar at the top while the next route loads (no spinners). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary"
    />
  );
}

/**
 * The root route: keeps the stored user fresh, applies and saves their appearance, and sends the
 * user to /login when the server ends the session (protected pages do that themselves, keeping
 * the way back).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const matches = useMatches();
  const onProtectedPage = useRef(false);
  useEffect(() => {
    onProtectedPage.current = matches.some((match) => match.id === PROTECTED_ROUTE_ID);
  }, [matches]);

  useSyncCurrentUser();
  useStorageSync();
  useAppearanceSync();

  useEffect(
    () =>
      onUnauthorized(() => {
        const { pathname } = window.location;
        if (onProtectedPage.current || pathname === paths.auth.login.path) return;
        void navigate(paths.auth.login.getHref(), { replace: true });
      }),
    [navigate],
  );

  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export default function App() {
  return (
    <AppProvider>
      <InertWhileHydrating>
        <RootLayout />
      </InertWhileHydrating>
    </AppProvider>
  );
}

/**
 * The page the server sent is on screen before it is alive: inert until it has hydrated, so
 * nothing typed or clicked into it is lost (nor a form sent by the browser on its own). Its own
 * component, so that the render after hydration touches this element only: its children are the
 * same elements as before, and React skips them (a re-render of the whole page there was one
 * long task, most of the signed-in pages' blocking time).
 */
function InertWhileHydrating({ children }: { children: React.ReactNode }) {
  const hydrating = useIsHydrating();
  const hydrates = useHydrates();
  return (
    <div className="contents" inert={hydrating && hydrates}>
      {children}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <AppProvider>
      <RouteError />
    </AppProvider>
  );
}

/** What a page the browser renders by itself (no server markup) shows until its data is in. */
export function HydrateFallback() {
  return <PageSkeleton />;
}
