import { JournalDetailSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_JOURNAL_FAILED = 'Failed to load journal details.';

/** A journal with its members, first page of prayers and categories (404 when hidden). */
export const getJournal = (id: string, signal?: AbortSignal) =>
  api.get(journalRead(id).path, { schema: JournalDetailSchema, ...(signal ? { signal } : {}) });

/** What a journal is read from, and with (the server's renderer reads it too). */
export const journalRead = (id: string) =>
  ({ path: `/journals/${encodeURIComponent(id)}`, schema: JournalDetailSchema }) as const;

/**
 * One journal: one read and one cache entry for its page and its print view. Under the
 * ['journals'] prefix, so a write that invalidates the journals refreshes it too.
 */
export const journalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['journals', id],
    queryFn: ({ signal }) => getJournal(id, signal),
    meta: { errorMessage: LOAD_JOURNAL_FAILED },
  });

/** `toastOnError: false` where the page shows its own error state (the print view). */
export const useJournal = (id: string, { toastOnError = true }: { toastOnError?: boolean } = {}) =>
  useQuery({
    ...journalQueryOptions(id),
    ...(toastOnError ? {} : { meta: { toastOnError: false } }),
  });
