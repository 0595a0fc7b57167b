import { type Journal, JournalListSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_JOURNALS_FAILED = 'Failed to load journals.';

/** The journals the user owns or has joined. */
export const getJournals = (signal?: AbortSignal) =>
  api.get('/journals/get', { schema: JournalListSchema, ...(signal ? { signal } : {}) });

/**
 * The user's journals: one read and one cache entry for every page and dialog that shows them
 * (My Journals, the add-prayer dialog's journal select, the Export dialog, the new group's
 * journal). A write that changes them invalidates this key; ['journals'] is also the prefix of
 * every other journal query, so invalidating it refreshes all.
 */
export const journalsQueryOptions = () =>
  queryOptions({
    queryKey: ['journals'],
    queryFn: ({ signal }) => getJournals(signal),
    meta: { errorMessage: LOAD_JOURNALS_FAILED },
  });

export const useJournals = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...journalsQueryOptions(), enabled });

/** Only those the user owns (only an owner exports a journal or attaches a group to it). */
const ownedOnly = (journals: Journal[]) =>
  journals.filter((journal) => journal.membership === 'owner');

/**
 * The journals the user owns, for a dialog's journal choice (Export, a new group), from the same
 * cache entry. The dialog shows its own error state.
 */
export const useOwnedJournals = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...journalsQueryOptions(),
    enabled,
    select: ownedOnly,
    meta: { toastOnError: false },
  });
