import { JournalDetailSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /journals/{id}: the journal's title, description and the viewer's relation to it. */
export const getPrintJournal = (id: string, signal?: AbortSignal) =>
  api.get(`/journals/${encodeURIComponent(id)}`, {
    schema: JournalDetailSchema,
    ...(signal ? { signal } : {}),
  });

export const printJournalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['journals', id],
    queryFn: ({ signal }) => getPrintJournal(id, signal),
    // The print view shows its own states.
    meta: { toastOnError: false },
  });

export const usePrintJournal = (id: string) => useQuery(printJournalQueryOptions(id));
