import { JournalListSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getJournals = (signal?: AbortSignal) =>
  api.get('/journals/get', { schema: JournalListSchema, ...(signal ? { signal } : {}) });

/**
 * The user's journals for the add-prayer dialog's journal select. All of them are fetched (the
 * default journal may be one the user only reads); only those they own can take a prayer.
 */
export const journalChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['journals', 'prayer-choices'],
    queryFn: ({ signal }) => getJournals(signal),
  });

export const useJournalChoices = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...journalChoicesQueryOptions(), enabled: options.enabled ?? true });
