import {
  NotificationPreferencesSchema,
  type NotificationPreferences,
} from '@selah/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

export const UPDATE_PREFERENCES_ERROR = 'Failed to update preferences. Please try again.';
export const PREFERENCES_UPDATED = 'Preferences updated successfully!';

/** Sends the full preferences object (spec-1 §7); the server refuses partial ones. */
export const updateNotificationPreferences = (preferences: NotificationPreferences) =>
  api.put('/notifications/preferences', {
    body: preferences,
    schema: NotificationPreferencesSchema,
  });

const MUTATION_KEY = ['notifications', 'update-preferences'] as const;

export interface PreferenceChange {
  key: keyof NotificationPreferences;
  value: boolean;
}

/**
 * Flips one switch (spec-2 §4 "Notification toggle"): applied at once in the screen, then the
 * full object goes to the server; on failure that switch is put back. Quick successive flips
 * each send the whole object as the screen shows it, and the server's answer is adopted only
 * once the last of them has settled.
 */
export const useUpdateNotificationPreference = () => {
  const queryClient = useQueryClient();
  // A failure while other saves were in flight: their full objects may have carried the failed
  // switch to the server after all, so the server's copy is read again once all have settled.
  const resync = useRef(false);
  const isLast = () => queryClient.isMutating({ mutationKey: MUTATION_KEY }) === 1;
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: async ({ key, value }: PreferenceChange) => {
      const current = queryClient.getQueryData<NotificationPreferences>(
        notificationPreferencesQueryKey,
      );
      if (!current) throw new Error(UPDATE_PREFERENCES_ERROR);
      return updateNotificationPreferences({ ...current, [key]: value });
    },
    meta: { toastOnError: false },
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, (old) =>
        old ? { ...old, [key]: value } : old,
      );
    },
    onError: (_error, { key, value }) => {
      queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, (old) =>
        old && old[key] === value ? { ...old, [key]: !value } : old,
      );
      if (!isLast()) resync.current = true;
    },
    onSuccess: (saved) => {
      // The stored user carries the preferences too (spec-1 §3): keep it in step.
      const { user, setUser } = useAuthStore.getState();
      if (user) setUser({ ...user, notificationPreferences: saved });
      if (isLast() && !resync.current) {
        queryClient.setQueryData(notificationPreferencesQueryKey, saved);
      }
    },
    onSettled: () => {
      if (isLast() && resync.current) {
        resync.current = false;
        void queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryKey });
      }
    },
  });
};
