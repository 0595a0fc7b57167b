import { STORAGE_KEYS } from '@selah/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import {
  APPEARANCE_STORAGE_KEY,
  isThemeColor,
  parseAppearance,
  useThemeStore,
} from '@/stores/theme-store';

/**
 * Keeps this tab in step with the others: signing out (or in) elsewhere, or changing the theme,
 * the font size or animations, shows here too. The `storage` event fires only for changes made by other tabs.
 * When the session changes to another account (or to none), this tab's cached data of the
 * previous account is dropped, so nothing of theirs is shown to the next one.
 */
export function useStorageSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const followSession = async () => {
      const before = useAuthStore.getState().user?._id ?? null;
      await useAuthStore.persist.rehydrate();
      if ((useAuthStore.getState().user?._id ?? null) !== before) queryClient.clear();
    };
    const onStorage = (event: StorageEvent) => {
      const { key, newValue } = event;
      // key === null: another tab cleared all storage (a logout).
      if (key === null || key === STORAGE_KEYS.auth) void followSession();
      if (key === STORAGE_KEYS.theme && (newValue === 'light' || newValue === 'dark')) {
        useThemeStore.setState({ theme: newValue });
      }
      if (key === STORAGE_KEYS.themeColor && isThemeColor(newValue)) {
        useThemeStore.setState({ themeColor: newValue });
      }
      if (key === APPEARANCE_STORAGE_KEY && newValue !== null) {
        useThemeStore.setState(parseAppearance(newValue));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}
