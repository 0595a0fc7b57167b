import type { GroupMember, PrayerGroup } from '@selah/shared/schemas/groups';

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

/** A member's display name; the username when the name is blank. */
export function memberName(member: Pick<GroupMember, 'name' | 'username'>) {
  return member.name.trim() || member.username;
}
