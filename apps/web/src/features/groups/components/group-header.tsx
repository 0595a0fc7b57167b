import type { PrayerGroupDetail } from '@selah/shared/schemas/groups';
import { BookOpen, LogOut, Users } from 'lucide-react';
import { DetailHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import {
  canJoinGroup,
  groupJournalLabel,
  isGroupMember,
  memberCountText,
} from '../utils/group-text';
import { GroupPrivacyBadge, MembershipBadge } from './group-badges';
import { JoinGroupButton } from './join-group-button';

/** The top of a group page: back, name, Public/Private, member count, journal, Join or Leave. */
export function GroupHeader({
  group,
  onBack,
  onLeave,
}: {
  group: PrayerGroupDetail;
  onBack: () => void;
  onLeave: () => void;
}) {
  return (
    <DetailHeader
      title={group.name}
      onBack={onBack}
      metaClassName="gap-x-3 gap-y-2"
      meta={
        <>
          <GroupPrivacyBadge isPublic={group.isPublic} />
          <MembershipBadge membership={group.membership} />
          <span className="flex items-center gap-1.5" data-testid="group-member-count">
            <Users className="size-4" aria-hidden="true" />
            {memberCountText(group.memberCount)}
          </span>
          <span className="flex min-w-0 items-center gap-1.5">
            <BookOpen className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Journal: </span>
            <span className="truncate">{groupJournalLabel(group)}</span>
          </span>
          <span>Created {formatDate(group.createdAt)}</span>
        </>
      }
      actions={
        <>
          {canJoinGroup(group) && <JoinGroupButton group={group} inList={false} />}
          {isGroupMember(group) && (
            <Button variant="outline" onClick={onLeave}>
              <LogOut aria-hidden="true" />
              Leave Group
            </Button>
          )}
        </>
      }
      description={group.description}
    >
      {group.membership === 'invited' && (
        <p className="w-fit rounded-md border border-primary/40 bg-accent px-3 py-2 text-sm">
          You were invited to this group. Join it to pray along with its members.
        </p>
      )}
    </DetailHeader>
  );
}
