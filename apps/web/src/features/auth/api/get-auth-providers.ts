import { AuthProvidersSchema } from '@selah/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { deviceTimeZone } from '@/lib/time-zones';

export const getAuthProviders = () =>
  api.get('/auth/providers', { schema: AuthProvidersSchema, auth: false });

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: getAuthProviders,
    // Server configuration: it does not change while the page is open.
    staleTime: Infinity,
    retry: 1,
  });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());

/**
 * The server route that starts the Google sign-in redirect (a full-page navigation), carrying a
 * friend's invite code when the visitor came from an invite link, and this device's time zone
 * for an account the sign-in creates (ADR 057).
 */
export function googleSignInUrl(inviteCode?: string, timeZone = deviceTimeZone()): string {
  const url = `${env.API_URL.replace(/\/$/, '')}/auth/google`;
  const params = new URLSearchParams();
  if (inviteCode) params.set('invite', inviteCode);
  if (timeZone) params.set('timeZone', timeZone);
  return params.size > 0 ? `${url}?${params.toString()}` : url;
}
