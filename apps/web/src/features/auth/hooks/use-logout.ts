import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/stores/auth-store';
import { logout } from '../api/logout';

/** Set between "the user chose Log out" and the moment the signed-in shell is gone. */
let signOutPending = false;

/**
 * Logs out (spec-1 §2): revokes the session on the server first, then goes to /. The session,
 * the query cache and all local browser storage are cleared once the signed-in shell has left
 * the screen (see `useFinishSignOut`), so its guard never sees a missing session and bounces
 * the user to /login instead. A failed server call (offline) does not keep the user signed in.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Signing out locally still matters when the server cannot be reached.
    }
    signOutPending = true;
    await navigate(paths.home.getHref(), { replace: true });
  }, [navigate]);
}

/**
 * Signs out in this browser only, for a session the server has ended already (the account was
 * deleted): goes to / and clears everything as `useLogout` does, without calling the server.
 */
export function useSignOutLocally() {
  const navigate = useNavigate();
  return useCallback(async () => {
    signOutPending = true;
    await navigate(paths.home.getHref(), { replace: true });
  }, [navigate]);
}

/** Used by the signed-in shell: completes a pending sign-out when the shell unmounts. */
export function useFinishSignOut() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      if (!signOutPending) return;
      signOutPending = false;
      useAuthStore.getState().clearSession();
      queryClient.clear();
    },
    [queryClient],
  );
}
