import { UserSchema } from '@selah/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getCurrentUser = (signal?: AbortSignal) =>
  api.get('/auth/me', { schema: UserSchema, ...(signal ? { signal } : {}) });

/**
 * The signed-in user as GET /auth/me answers: one cache entry, which the app refreshes the
 * stored user from (auth), account changes write into (settings) and a new plan invalidates
 * (billing).
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getCurrentUser(signal),
    // A failed refresh keeps the stored user; a 401 ends the session in the API client.
    meta: { toastOnError: false },
  });

export const useCurrentUser = (options: { enabled: boolean }) =>
  useQuery({ ...currentUserQueryOptions(), enabled: options.enabled });
