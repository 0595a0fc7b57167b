import type { PrayerGroup } from '@selah/shared/schemas/groups';

/** '1 member', '12 members'. */
export function memberCountText(count: number) {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/** Whether the user belongs to the group (as admin or member). */
export function isGroupMember(group: Pick<PrayerGroup, 'membership'>) {
  return group.membership === 'admin' || group.membership === 'member';
}

/** Whether the user may join: a public group they are not in, or a group they were invited to. */
export function canJoinGroup(group: Pick<PrayerGroup, 'membership' | 'isPublic'>) {
  return group.membership === 'invited' || (group.membership === 'none' && group.isPublic);
}

/** What a group says instead of its journal's title to someone who may not read the journal. */
export const PRIVATE_JOURNAL = 'Private journal';

/** The attached journal's title, or 'Private journal' when the viewer may not read it. */
export function groupJournalLabel(group: Pick<PrayerGroup, 'journalTitle'>) {
  return group.journalTitle ?? PRIVATE_JOURNAL;
}

/** Admins manage a group; the journal's owner, admin or not, decides its visibility and may delete it. */
export function canManageGroup(group: Pick<PrayerGroup, 'userIsAdmin' | 'userOwnsJournal'>) {
  return group.userIsAdmin || group.userOwnsJournal;
}

/** No admin demotes or removes the group's creator, except the creator. */
export function canChangeMember(
  group: Pick<PrayerGroup, 'userIsAdmin' | 'creator'>,
  memberId: string,
  viewerId: string | undefined,
) {
  return (
    group.userIsAdmin &&
    memberId !== viewerId &&
    (memberId !== group.creator || viewerId === group.creator)
  );
}
