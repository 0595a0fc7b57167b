import { AuthProvidersSchema } from '@selah/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';

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
 * friend's invite code when the visitor came from an invite link.
 */
export function googleSignInUrl(inviteCode?: string): string {
  const url = `${env.API_URL.replace(/\/$/, '')}/auth/google`;
  return inviteCode ? `${url}?${new URLSearchParams({ invite: inviteCode }).toString()}` : url;
}
