import { JournalDetailSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_JOURNAL_FAILED = 'Failed to load journal details.';

/** A journal with its members, first page of prayers and categories (404 when hidden). */
export const getJournal = (id: string, signal?: AbortSignal) =>
  api.get(`/journals/${encodeURIComponent(id)}`, {
    schema: JournalDetailSchema,
    ...(signal ? { signal } : {}),
  });

export const journalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['journals', id],
    queryFn: ({ signal }) => getJournal(id, signal),
    meta: { errorMessage: LOAD_JOURNAL_FAILED },
  });

export const useJournal = (id: string) => useQuery(journalQueryOptions(id));
