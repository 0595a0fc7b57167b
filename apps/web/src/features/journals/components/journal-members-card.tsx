import type { JournalDetail } from '@selah/shared/schemas/journals';
import { UserPlus } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatRole, nameInitials } from '@/lib/utils';

/** 'Members': who belongs to the journal, each with their role capitalised. */
export function JournalMembersCard({
  journal,
  onInvite,
}: {
  journal: JournalDetail;
  /** Shown as 'Invite Members' on public journals. */
  onInvite?: (() => void) | undefined;
}) {
  const more = journal.memberCount - journal.members.length;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Members</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3" aria-label="Journal members">
          {journal.members.map((member) => (
            <li key={member._id} className="flex items-center gap-3">
              <Avatar className="size-9">
                {member.avatar && <AvatarImage src={member.avatar} alt="" />}
                <AvatarFallback>{nameInitials(member.name)}</AvatarFallback>
              </Avatar>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{member.name}</p>
                <p className="text-xs text-muted-foreground">{formatRole(member.role)}</p>
              </div>
            </li>
          ))}
        </ul>
        {more > 0 && (
          <p className="text-sm text-muted-foreground">
            and {more} more {more === 1 ? 'member' : 'members'}
          </p>
        )}
        {!journal.isPrivate && onInvite && (
          <Button variant="outline" className="w-full" onClick={onInvite}>
            <UserPlus aria-hidden="true" />
            Invite Members
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
