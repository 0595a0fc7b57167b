import {
  PrivatePrayersSchema,
  ShowPrayersResultSchema,
  type ShowPrayersInput,
} from '@selah/shared/schemas/prayers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerData } from './invalidate';

export const getPrivatePrayers = (journalId: string, signal?: AbortSignal) =>
  api.get('/prayers/private', {
    query: { journal: journalId },
    schema: PrivatePrayersSchema,
    ...(signal ? { signal } : {}),
  });

/**
 * How many of the owner's journal's prayers are private, and which (issue 29 §2). Under the
 * journal's key, so whatever refreshes the journal or its prayers refreshes this too.
 */
export const privatePrayersQueryOptions = (journalId: string) =>
  queryOptions({
    queryKey: ['journals', journalId, 'private-prayers'],
    queryFn: ({ signal }) => getPrivatePrayers(journalId, signal),
    // The notice is a help, not the page: it shows nothing when it cannot load.
    meta: { toastOnError: false },
  });

export const usePrivatePrayers = (journalId: string, { enabled = true } = {}) =>
  useQuery({ ...privatePrayersQueryOptions(journalId), enabled: enabled && journalId !== '' });

export const showPrayers = (input: ShowPrayersInput) =>
  api.post('/prayers/visible', { body: input, schema: ShowPrayersResultSchema });

/** Makes chosen private prayers of the owner's journal visible to its readers. */
export const useShowPrayers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: showPrayers,
    // The notice shows its own toasts.
    meta: { toastOnError: false },
    onSuccess: () => void invalidatePrayerData(queryClient),
  });
};
