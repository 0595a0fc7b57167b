import { InviteLinkStateSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getInviteLink = (signal?: AbortSignal) =>
  api.get('/friends/invite-link', {
    schema: InviteLinkStateSchema,
    ...(signal ? { signal } : {}),
  });

/**
 * The user's personal sign-up link, or null until they create it (`useCreateInviteLink`).
 * Whoever creates an account through it finds a friend request from the user waiting. It never
 * changes once made, so it is read once per session.
 */
export const inviteLinkQueryOptions = () =>
  queryOptions({
    queryKey: ['friends', 'invite-link'],
    queryFn: ({ signal }) => getInviteLink(signal),
    select: (result) => result.url,
    staleTime: Infinity,
  });

export const useInviteLink = () => useQuery(inviteLinkQueryOptions());
