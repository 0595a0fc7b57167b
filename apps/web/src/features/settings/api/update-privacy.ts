import { SettingsSchema, type PrivacyInput } from '@selah/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adoptSettings, holdCurrentUserRefresh } from '../utils/settings-cache';
import { settingsQueryOptions } from './get-settings';

export const updatePrivacy = (input: PrivacyInput) =>
  api.put('/users/me/privacy', { body: input, schema: SettingsSchema });

const MUTATION_KEY = ['settings', 'update-privacy'] as const;

/**
 * Saves the three privacy choices. The screen shows the change at once; a failure puts the
 * server's copy back. Quick successive changes each send the whole object as the screen shows
 * it, and the server's answer is adopted once the last of them has settled.
 */
export const useUpdatePrivacy = () => {
  const queryClient = useQueryClient();
  const { queryKey } = settingsQueryOptions();
  const isLast = () => queryClient.isMutating({ mutationKey: MUTATION_KEY }) === 1;
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: updatePrivacy,
    meta: { toastOnError: false },
    onMutate: async (privacy) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey }),
        holdCurrentUserRefresh(queryClient),
      ]);
      queryClient.setQueryData(queryKey, (old) => (old ? { ...old, privacy } : old));
    },
    onSuccess: (settings) => {
      if (isLast()) adoptSettings(queryClient, settings);
    },
    onError: () => {
      if (isLast()) void queryClient.invalidateQueries({ queryKey });
    },
  });
};
