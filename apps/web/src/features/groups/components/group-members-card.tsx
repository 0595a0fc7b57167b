import type { GroupMember, PrayerGroupDetail } from '@selah/shared/schemas/groups';
import { MoreHorizontal, ShieldCheck, ShieldOff, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { RemoveMemberDialog } from '@/components/dialogs/remove-member-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { displayName, unlistedMembersText } from '@/lib/utils';
import { useRemoveMember } from '../api/remove-member';
import { useSetMemberRole } from '../api/set-member-role';
import { canChangeMember, memberCountText } from '../utils/group-text';
import { RoleBadge } from './group-badges';

function MemberActions({
  group,
  member,
  onRemove,
}: {
  group: PrayerGroupDetail;
  member: GroupMember;
  onRemove: (member: GroupMember) => void;
}) {
  const setRole = useSetMemberRole();
  const name = displayName(member);
  const nextRole = member.role === 'admin' ? 'member' : 'admin';

  const changeRole = () =>
    setRole.mutate(
      { id: group._id, userId: member._id, role: nextRole },
      {
        onSuccess: () =>
          toast.success('Role updated', {
            description: `${name} is now ${nextRole === 'admin' ? 'an admin' : 'a member'}.`,
          }),
        onError: (error) =>
          toast.error('Failed to update role', { description: getErrorMessage(error) }),
      },
    );

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Manage ${name}`}
          disabled={setRole.isPending}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem onSelect={changeRole}>
          {nextRole === 'admin' ? (
            <ShieldCheck aria-hidden="true" />
          ) : (
            <ShieldOff aria-hidden="true" />
          )}
          {nextRole === 'admin' ? 'Make admin' : 'Remove admin role'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onRemove(member)}>
          <UserMinus aria-hidden="true" />
          Remove from group
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function RemoveGroupMemberDialog({
  group,
  member,
  onOpenChange,
}: {
  group: PrayerGroupDetail;
  member: GroupMember | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveMember();
  const name = member ? displayName(member) : '';

  return (
    <RemoveMemberDialog
      name={name}
      open={member !== null}
      onOpenChange={onOpenChange}
      description={
        <>
          {name} will no longer be a member of &ldquo;{group.name}&rdquo;.
          {group.isPublic
            ? ' They can join this public group again.'
            : ' They will need a new invitation to come back.'}
        </>
      }
      removedMessage={`${name} was removed from the group.`}
      pending={remove.isPending}
      onRemove={() =>
        member ? remove.mutateAsync({ id: group._id, userId: member._id }) : Promise.resolve()
      }
    />
  );
}

/**
 * 'Members': who belongs to the group with their role (admins see all of them, others those
 * whose profile is visible to them). Admins get a menu per member to promote, demote or remove
 * them: not for themselves (they use Leave), nor for the group's creator unless they are the
 * creator.
 */
export function GroupMembersCard({
  group,
  currentUserId,
}: {
  group: PrayerGroupDetail;
  currentUserId: string | undefined;
}) {
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const more = group.memberCount - group.members.length;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Members</h2>
        </CardTitle>
        <CardDescription>{memberCountText(group.memberCount)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3 empty:hidden" aria-label="Group members">
          {group.members.map((member) => {
            const name = displayName(member);
            const isSelf = member._id === currentUserId;
            return (
              <li key={member._id} className="flex items-center gap-3">
                <PersonAvatar name={name} src={member.avatar} className="size-9" />
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="truncate text-sm font-medium">
                    {name}
                    {isSelf && <span className="font-normal text-muted-foreground"> (you)</span>}
                  </p>
                  <div className="flex min-w-0 items-center gap-2">
                    <RoleBadge role={member.role} />
                    {member._id === group.creator && (
                      <Badge variant="outline" className="text-muted-foreground">
                        Creator
                      </Badge>
                    )}
                    <span className="truncate text-xs text-muted-foreground">
                      @{member.username}
                    </span>
                  </div>
                </div>
                {canChangeMember(group, member._id, currentUserId) && (
                  <MemberActions group={group} member={member} onRemove={setRemoving} />
                )}
              </li>
            );
          })}
        </ul>
        {more > 0 && (
          <p className="text-sm text-muted-foreground">
            {/* Admins are shown every member; others only those whose profile they may see. */}
            {unlistedMembersText(more, group.members.length, group.userIsAdmin)}
          </p>
        )}
      </CardContent>
      {group.userIsAdmin && (
        <RemoveGroupMemberDialog
          group={group}
          member={removing}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
        />
      )}
    </Card>
  );
}
