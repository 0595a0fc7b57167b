import type { PrayerGroup, PrayerGroupDetail } from '@selah/shared/schemas/groups';
import type { QueryClient } from '@tanstack/react-query';
import { forgetOnceUnused } from '@/lib/query-client';
import { groupQueryOptions } from '../api/get-group';
import { groupPrayersQueryOptions } from '../api/get-group-prayers';

/** Every group query (lists, panels, details, prayers) starts with this key. */
export const GROUPS_KEY = ['prayer-groups'] as const;

/**
 * After any change to a group or its members: refresh every group query. `goneId` leaves out the
 * details and prayers of a group the user can no longer see (deleted, or a private one they
 * left): its page is on the way out and must not be refetched into a 404.
 */
export function invalidateGroups(queryClient: QueryClient, goneId?: string) {
  return queryClient.invalidateQueries({
    queryKey: GROUPS_KEY,
    predicate: (query) => goneId === undefined || query.queryKey[2] !== goneId,
  });
}

/**
 * Puts the server's fresh copy of a group into its cached details at once (membership, counts,
 * name), so the page reacts before the refetch with the member list arrives.
 */
export function mergeCachedGroup(queryClient: QueryClient, group: PrayerGroup) {
  queryClient.setQueryData<PrayerGroupDetail>(
    groupQueryOptions(group._id).queryKey,
    (old) => old && { ...old, ...group },
  );
}

/** A group the user can no longer see: forget its page's data and refresh the rest. */
export function forgetGroup(queryClient: QueryClient, id: string) {
  forgetOnceUnused(queryClient, groupQueryOptions(id).queryKey);
  forgetOnceUnused(queryClient, groupPrayersQueryOptions(id).queryKey);
  return invalidateGroups(queryClient, id);
}
