import { useEffect } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { useCurrentUser } from '@/api/get-current-user';

/**
 * With a stored token, loads the current user once per app start and refreshes the stored copy
 * (spec-1 §7 GET /auth/me). A 401 ends the session in the API client.
 */
export function useSyncCurrentUser() {
  const token = useAuthStore((state) => state.token);
  const { data } = useCurrentUser({ enabled: token !== null });
  useEffect(() => {
    if (data && useAuthStore.getState().token) useAuthStore.getState().setUser(data);
  }, [data]);
}
