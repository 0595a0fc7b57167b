import { JournalListSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_JOURNALS_FAILED = 'Failed to load journals.';

/** The journals the user owns or has joined. */
export const getJournals = (signal?: AbortSignal) =>
  api.get('/journals/get', { schema: JournalListSchema, ...(signal ? { signal } : {}) });

/** ['journals'] is also the prefix of every other journal query, so invalidating it refreshes all. */
export const journalsQueryOptions = () =>
  queryOptions({
    queryKey: ['journals'],
    queryFn: ({ signal }) => getJournals(signal),
    meta: { errorMessage: LOAD_JOURNALS_FAILED },
  });

export const useJournals = () => useQuery(journalsQueryOptions());
