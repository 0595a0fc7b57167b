import type { User } from '@selah/shared/schemas/auth';
import { type LoaderFunctionArgs, Outlet, redirect, useLoaderData, useMatches } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { useFinishSignOut, useLogout } from '@/features/auth/hooks/use-logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { TimeZonePrompt } from '@/features/settings/components/time-zone-prompt-loader';
import { ServerSessionContext, useAuthStore, useSessionUser } from '@/stores/auth-store';
import { pageContext } from '../../page-context';

/**
 * On the server: the page cookie's user (docs/decisions/045), or a redirect to /login that
 * remembers the page, for a request without a live session.
 */
export function loader({ context, request }: LoaderFunctionArgs) {
  const user = context.get(pageContext)?.user ?? null;
  if (!user) {
    const url = new URL(request.url);
    return redirect(paths.auth.login.getHref(`${url.pathname}${url.search}`));
  }
  return { user };
}

/** In the browser (every later navigation): the signed-in session is the stored one. */
export function clientLoader(): { user: User | null } {
  return { user: useAuthStore.getState().user };
}

/** The user changes only with a sign-in or sign-out, which leave the signed-in pages. */
export const shouldRevalidate = () => false;

/** The signed-in shell around every protected page. */
export default function SignedInLayoutRoute() {
  const { user: serverUser } = useLoaderData<typeof loader>();
  return (
    <ServerSessionContext value={serverUser}>
      <SignedInShell />
    </ServerSessionContext>
  );
}

/**
 * A page whose module exports `handle = { distractionFree: true }` (Pray now) is signed in like
 * the others but shown without the sidebar and header.
 */
function useDistractionFree(): boolean {
  return useMatches().some(
    (match) => (match.handle as { distractionFree?: boolean } | undefined)?.distractionFree,
  );
}

function SignedInShell() {
  const user = useSessionUser();
  const logout = useLogout();
  useFinishSignOut();
  const distractionFree = useDistractionFree();
  if (distractionFree) {
    return (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    );
  }
  return (
    <RequireAuth>
      <AppLayout
        user={user}
        // A signed-out browser receives no more push notifications for this account.
        onLogout={() =>
          void import('@/features/notifications/utils/web-push')
            .then(({ unsubscribePushOnLogout }) => unsubscribePushOnLogout())
            // Signing out never waits on push: without its module, the sign-out goes on.
            .catch(() => undefined)
            .then(logout)
        }
        notifications={<NotificationBell />}
        banner={
          <>
            <VerifyEmailBanner />
            <TimeZonePrompt />
          </>
        }
      >
        <Outlet />
      </AppLayout>
    </RequireAuth>
  );
}
