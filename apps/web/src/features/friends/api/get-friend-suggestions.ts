import { SuggestionListSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getFriendSuggestions = (signal?: AbortSignal) =>
  api.get('/friends/suggestions', {
    schema: SuggestionListSchema,
    ...(signal ? { signal } : {}),
  });

/** People the user may know (friends of friends first), with their mutual friend count. */
export const friendSuggestionsQueryOptions = () =>
  queryOptions({
    queryKey: ['friends', 'suggestions'],
    queryFn: ({ signal }) => getFriendSuggestions(signal),
    select: (result) => result.data,
    meta: { errorMessage: 'Failed to load friends data. Please try again.' },
  });

export const useFriendSuggestions = () => useQuery(friendSuggestionsQueryOptions());
