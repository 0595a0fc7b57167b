import { NotificationPreferencesSchema } from '@selah/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_PREFERENCES_ERROR = 'Failed to load notification preferences. Please try again.';

export const getNotificationPreferences = (signal?: AbortSignal) =>
  api.get('/notifications/preferences', {
    schema: NotificationPreferencesSchema,
    ...(signal ? { signal } : {}),
  });

export const notificationPreferencesQueryKey = ['notifications', 'preferences'] as const;

/** The six notification switches of Settings (spec-2 "/settings"). */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    meta: { errorMessage: LOAD_PREFERENCES_ERROR },
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());
