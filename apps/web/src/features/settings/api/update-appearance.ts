import { SettingsSchema, type AppearanceInput } from '@selah/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { holdCurrentUserRefresh } from '../utils/settings-cache';

export const SAVE_APPEARANCE_FAILED = 'Your appearance could not be saved. Please try again.';

/** Saves theme, font size and animations to the account (the full object each time). */
export const updateAppearance = (input: AppearanceInput) =>
  api.put('/users/me/appearance', { body: input, schema: SettingsSchema });

export const updateAppearanceMutationKey = ['settings', 'update-appearance'] as const;

/** The caller (useAppearanceSync) orders the saves and adopts or reverts the answer. */
export const useUpdateAppearance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateAppearanceMutationKey,
    mutationFn: updateAppearance,
    onMutate: () => holdCurrentUserRefresh(queryClient),
    meta: { toastOnError: false },
  });
};
