import type { PrayerGroupDetail } from '@selah/shared/schemas/groups';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { formatDate } from '@/lib/format-date';
import { displayName } from '@/lib/utils';

/** 'Pending invitations' (admins only): who was invited and has not joined yet, and since when. */
export function GroupInvitationsCard({ group }: { group: PrayerGroupDetail }) {
  const headingId = `group-invitations-${group._id}`;
  return (
    <Card className="gap-4" role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>Pending invitations</h2>
        </CardTitle>
        <CardDescription>Friends you invited who have not joined yet.</CardDescription>
      </CardHeader>
      <CardContent>
        {group.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pending invitations.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Pending invitations">
            {group.invitations.map((invitation) => {
              const name = displayName(invitation);
              return (
                <li key={invitation._id} className="flex items-center gap-3">
                  <PersonAvatar name={name} src={invitation.avatar} className="size-9" />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="truncate text-sm font-medium">{name}</p>
                    <p className="truncate text-xs text-muted-foreground">@{invitation.username}</p>
                    <p className="text-xs text-muted-foreground">
                      Invited {formatDate(invitation.invitedAt, 'short')}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
