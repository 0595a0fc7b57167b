import { SettingsSchema } from '@selah/shared/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_SETTINGS_FAILED = 'Failed to load your settings. Please try again.';

export const getSettings = (signal?: AbortSignal) =>
  api.get('/users/me/settings', { schema: SettingsSchema, ...(signal ? { signal } : {}) });

/** Profile, privacy and appearance of the signed-in user (GET /users/me/settings). */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
    meta: { errorMessage: LOAD_SETTINGS_FAILED },
  });

export const useSettings = () => useQuery(settingsQueryOptions());
