import { JournalListSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getExportJournals = (signal?: AbortSignal) =>
  api.get('/journals/get', { schema: JournalListSchema, ...(signal ? { signal } : {}) });

/** The user's journals, for the Export dialog's journal choice. */
export const exportJournalsQueryOptions = () =>
  queryOptions({
    queryKey: ['journals', 'export-choices'],
    queryFn: ({ signal }) => getExportJournals(signal),
    meta: { toastOnError: false },
  });

export const useExportJournals = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...exportJournalsQueryOptions(), enabled });
