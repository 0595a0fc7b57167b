import type { User } from '@selah/shared/schemas/auth';
import type { Settings } from '@selah/shared/schemas/settings';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/api/get-current-user';
import { useAuthStore } from '@/stores/auth-store';
import { settingsQueryOptions } from '../api/get-settings';

/** The signed-in user as GET /auth/me caches it; the app refreshes the stored user from it. */
const CURRENT_USER_KEY = currentUserQueryOptions().queryKey;

/**
 * Called before an account change is sent: a refresh of the signed-in user that is still on
 * its way would carry the old values and, arriving after the change, undo it on screen.
 */
export async function holdCurrentUserRefresh(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
}

/**
 * Adopts the user the server answered with (profile, e-mail or photo changes): the stored user,
 * which the header and sidebar show, and the profile part of the cached settings.
 */
export function adoptUser(queryClient: QueryClient, user: User) {
  const { user: current, setUser } = useAuthStore.getState();
  if (current) setUser(user);
  queryClient.setQueryData<User>(CURRENT_USER_KEY, (old) => (old ? user : old));
  queryClient.setQueryData(settingsQueryOptions().queryKey, (old) =>
    old
      ? {
          ...old,
          profile: {
            ...old.profile,
            firstName: user.firstName,
            lastName: user.lastName,
            username: user.username,
            email: user.email,
            bio: user.bio ?? old.profile.bio,
            timeZone: user.settings.timeZone ?? old.profile.timeZone,
            timeZoneChosen: user.settings.timeZoneChosen === true,
            language: user.language ?? old.profile.language,
            profilePicture: user.profilePicture,
          },
        }
      : old,
  );
}

/** Adopts the settings the server answered with (privacy, appearance), also in the stored user. */
export function adoptSettings(queryClient: QueryClient, settings: Settings) {
  queryClient.setQueryData(settingsQueryOptions().queryKey, settings);
  const withSettings = (user: User): User => ({
    ...user,
    settings: {
      ...user.settings,
      theme: settings.appearance.theme,
      appearance: {
        fontSize: settings.appearance.fontSize,
        animations: settings.appearance.animations,
      },
      privacy: { ...user.settings.privacy, ...settings.privacy },
    },
  });
  queryClient.setQueryData<User>(CURRENT_USER_KEY, (old) => (old ? withSettings(old) : old));
  const { user, setUser } = useAuthStore.getState();
  if (user) setUser(withSettings(user));
}
