import { JournalListSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getJournalChoices = (signal?: AbortSignal) =>
  api.get('/journals/get', { schema: JournalListSchema, ...(signal ? { signal } : {}) });

/**
 * The journals a new group can be attached to: only those the user owns. Under the ['journals']
 * prefix, so creating or deleting a journal anywhere refreshes the choice.
 */
export const groupJournalChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['journals', 'group-choices'],
    queryFn: ({ signal }) => getJournalChoices(signal),
    select: (journals) => journals.filter((journal) => journal.membership === 'owner'),
    // The dialog shows its own error state.
    meta: { toastOnError: false },
  });

export const useGroupJournalChoices = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...groupJournalChoicesQueryOptions(), enabled });
