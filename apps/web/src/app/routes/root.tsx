import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigate, useNavigation } from 'react-router';
import { paths } from '@/config/paths';
import { useSyncCurrentUser } from '@/features/auth/hooks/use-sync-current-user';
import { useAppearanceSync } from '@/features/settings/hooks/use-appearance-sync';
import { useStorageSync } from '@/hooks/use-storage-sync';
import { onUnauthorized } from '@/lib/api-client';
import { PROTECTED_ROUTE_ID } from '../route-ids';

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
      <ScrollRestoration />
    </>
  );
}
