import type { JournalDetail, JournalMember } from '@selah/shared/schemas/journals';
import { LogOut, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { formatRole, unlistedMembersText } from '@/lib/utils';
import { LeaveJournalDialog, RemoveJournalMemberDialog } from './lazy-dialogs';

/**
 * 'Members': who belongs to the journal, each with their role capitalised and whether the
 * owner's share added them. The owner may remove a member (after a confirmation); a member may
 * leave. Others see only the members whose profile is visible to them.
 */
export function JournalMembersCard({
  journal,
  currentUserId,
  onInvite,
  onLeft,
}: {
  journal: JournalDetail;
  currentUserId?: string | undefined;
  /** Shown as 'Invite Members' on public journals. */
  onInvite?: (() => void) | undefined;
  /** After the user left the journal (the page goes back to the list). */
  onLeft?: (() => void) | undefined;
}) {
  const [removing, setRemoving] = useState<JournalMember | null>(null);
  const [leaving, setLeaving] = useState(false);
  const isOwner = journal.membership === 'owner';
  const isMember = journal.membership === 'member';
  const more = journal.memberCount - journal.members.length;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Members</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3 empty:hidden" aria-label="Journal members">
          {journal.members.map((member) => {
            const isSelf = member.userId === currentUserId;
            const name = member.name.trim() || 'Member';
            return (
              <li key={member._id} className="flex items-center gap-3">
                <PersonAvatar name={member.name} src={member.avatar} className="size-9" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    {name}
                    {isSelf && <span className="font-normal text-muted-foreground"> (you)</span>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatRole(member.role)}
                    {member.shared && ' · via share'}
                  </p>
                </div>
                {isOwner && member.role !== 'owner' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="shrink-0 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                    aria-label={`Remove ${name}`}
                    onClick={() => setRemoving(member)}
                  >
                    <UserMinus aria-hidden="true" />
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {more > 0 && (
          <p className="text-sm text-muted-foreground">
            {/* The owner is shown every member; others only those whose profile they may see. */}
            {unlistedMembersText(more, journal.members.length, isOwner)}
          </p>
        )}
        {!journal.isPrivate && onInvite && (
          <Button variant="outline" className="w-full" onClick={onInvite}>
            <UserPlus aria-hidden="true" />
            Invite Members
          </Button>
        )}
        {isMember && currentUserId && (
          <Button
            variant="outline"
            className="w-full text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => setLeaving(true)}
          >
            <LogOut aria-hidden="true" />
            Leave Journal
          </Button>
        )}
      </CardContent>
      {isOwner && (
        <RemoveJournalMemberDialog
          journal={journal}
          member={removing}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
        />
      )}
      {isMember && currentUserId && (
        <LeaveJournalDialog
          journal={journal}
          userId={currentUserId}
          open={leaving}
          onOpenChange={setLeaving}
          onLeft={() => onLeft?.()}
        />
      )}
    </Card>
  );
}
