import type { PrayerGroup, PrayerGroupDetail } from '@selah/shared/schemas/groups';
import type { QueryClient } from '@tanstack/react-query';
import { groupQueryOptions } from '../api/get-group';

/** Every group query (lists, panels, details, prayers) starts with this key. */
export const GROUPS_KEY = ['prayer-groups'] as const;

/** After any change to a group or its members: refresh every group query. */
export function invalidateGroups(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
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
