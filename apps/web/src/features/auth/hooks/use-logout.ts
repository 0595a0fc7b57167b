import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/stores/auth-store';
import { logout } from '../api/logout';

/**
 * Logs out (spec-1 §2): revokes the session on the server first, then leaves for / and clears
 * the session, the query cache and all local browser storage. A failed server call (offline)
 * does not keep the user signed in on this device.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Signing out locally still matters when the server cannot be reached.
    }
    // Leave the protected page first, so its guard does not bounce us to /login.
    await navigate(paths.home.getHref(), { replace: true });
    useAuthStore.getState().clearSession();
    queryClient.clear();
  }, [navigate, queryClient]);
}
