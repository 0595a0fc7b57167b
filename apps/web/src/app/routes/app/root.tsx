import { Outlet } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { useFinishSignOut, useLogout } from '@/features/auth/hooks/use-logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { unsubscribePushOnLogout } from '@/features/notifications/utils/web-push';
import { useSessionUser } from '@/stores/auth-store';

/** The signed-in shell around every protected page. */
export function Component() {
  const user = useSessionUser();
  const logout = useLogout();
  useFinishSignOut();
  return (
    <RequireAuth>
      <AppLayout
        user={user}
        // A signed-out browser receives no more push notifications for this account.
        onLogout={() => void unsubscribePushOnLogout().then(logout)}
        notifications={<NotificationBell />}
        banner={<VerifyEmailBanner />}
      >
        <Outlet />
      </AppLayout>
    </RequireAuth>
  );
}
