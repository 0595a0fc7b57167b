import type { AppearanceInput } from '@selah/shared/schemas/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAuthStore } from '@/stores/auth-store';
import {
  DEFAULT_FONT_SIZE,
  isFontSize,
  onAppearanceChosen,
  useThemeStore,
  type AppearanceChange,
} from '@/stores/theme-store';
import { SAVE_APPEARANCE_FAILED, useUpdateAppearance } from '../api/update-appearance';
import { adoptSettings } from '../utils/settings-cache';

/** The stored user's saved appearance; a theme of 'system' leaves this device's choice alone. */
function accountAppearance(): AppearanceChange | null {
  const settings = useAuthStore.getState().user?.settings;
  if (!settings) return null;
  const { theme, appearance } = settings;
  return {
    ...(theme === 'light' || theme === 'dark' ? { theme } : {}),
    fontSize: isFontSize(appearance?.fontSize) ? appearance.fontSize : DEFAULT_FONT_SIZE,
    animations: appearance?.animations ?? null,
  };
}

/**
 * Keeps the screen and the account's appearance (theme, font size, animations) in step:
 * - the signed-in user's saved appearance is applied when it loads or changes (sign-in, the
 *   refreshed user, another tab);
 * - whatever the user changes here (Settings > Appearance or the header's light/dark toggle) is
 *   saved to the account, one save at a time with the latest choice winning; a failed save puts
 *   the account's appearance back and says so.
 * Mounted once, at the root of the app.
 */
export function useAppearanceSync() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useUpdateAppearance();
  const userId = useAuthStore((state) => state.user?._id ?? null);
  const theme = useAuthStore((state) => state.user?.settings.theme);
  const fontSize = useAuthStore((state) => state.user?.settings.appearance?.fontSize);
  const animations = useAuthStore((state) => state.user?.settings.appearance?.animations);
  const saving = useRef(false);
  const queued = useRef<AppearanceInput | null>(null);
  const signedInUser = useRef<string | null>(null);

  // Account -> screen.
  useEffect(() => {
    if (!userId) {
      // Signed out: the next visitor of this browser starts from the defaults.
      if (signedInUser.current) {
        useThemeStore.getState().applyAppearance({ fontSize: DEFAULT_FONT_SIZE, animations: null });
      }
      signedInUser.current = null;
      return;
    }
    signedInUser.current = userId;
    if (saving.current) return;
    const saved = accountAppearance();
    if (saved) useThemeStore.getState().applyAppearance(saved);
  }, [userId, theme, fontSize, animations]);

  // Screen -> account.
  useEffect(() => {
    const flush = async () => {
      saving.current = true;
      try {
        while (queued.current) {
          const next = queued.current;
          queued.current = null;
          try {
            const settings = await mutateAsync(next);
            if (!queued.current) adoptSettings(queryClient, settings);
          } catch (error) {
            if (queued.current) continue; // a newer choice is saved next
            const saved = accountAppearance();
            if (saved) useThemeStore.getState().applyAppearance(saved);
            // A 401 ended the session and went to /login already.
            if (isApiError(error, 401)) continue;
            toast.error('Failed to save appearance', {
              description: getErrorMessage(error, SAVE_APPEARANCE_FAILED),
            });
          }
        }
      } finally {
        saving.current = false;
      }
    };
    return onAppearanceChosen((chosen) => {
      if (!useAuthStore.getState().token) return;
      queued.current = chosen;
      if (!saving.current) void flush();
    });
  }, [mutateAsync, queryClient]);
}
