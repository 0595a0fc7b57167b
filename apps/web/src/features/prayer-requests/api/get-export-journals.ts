import { JournalListSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getExportJournals = (signal?: AbortSignal) =>
  api.get('/journals/get', { schema: JournalListSchema, ...(signal ? { signal } : {}) });

/** The journals the user owns, for the Export dialog's journal choice (only owners export). */
export const exportJournalsQueryOptions = () =>
  queryOptions({
    queryKey: ['journals', 'export-choices'],
    queryFn: ({ signal }) => getExportJournals(signal),
    select: (journals) => journals.filter((journal) => journal.membership === 'owner'),
    meta: { toastOnError: false },
  });

export const useExportJournals = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...exportJournalsQueryOptions(), enabled });
