import { Outlet } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useFinishSignOut, useLogout } from '@/features/auth/hooks/use-logout';
import { useAuthStore } from '@/stores/auth-store';

/** The signed-in shell around every protected page. */
export function Component() {
  const user = useAuthStore((state) => state.user);
  const logout = useLogout();
  useFinishSignOut();
  return (
    <RequireAuth>
      <AppLayout user={user} onLogout={() => void logout()}>
        <Outlet />
      </AppLayout>
    </RequireAuth>
  );
}
