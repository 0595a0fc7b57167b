import { RhythmViewSchema } from '@selah/shared/schemas/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_RHYTHM_ERROR = 'Failed to load your prayer rhythm. Please try again.';
export const RHYTHM_WEEKS = 12;

export const getRhythm = (weeks: number, signal?: AbortSignal) =>
  api.get('/stats/rhythm', {
    query: { weeks },
    schema: RhythmViewSchema,
    ...(signal ? { signal } : {}),
  });

/** The rhythm view's days and streak; under `['stats', …]`, stale after every Prayed. */
export const rhythmQueryOptions = (weeks = RHYTHM_WEEKS) =>
  queryOptions({
    queryKey: ['stats', 'rhythm', weeks],
    queryFn: ({ signal }) => getRhythm(weeks, signal),
    meta: { errorMessage: LOAD_RHYTHM_ERROR },
  });

export const useRhythm = (weeks = RHYTHM_WEEKS) => useQuery(rhythmQueryOptions(weeks));
