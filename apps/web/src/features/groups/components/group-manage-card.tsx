import type { PrayerGroupDetail } from '@selah/shared/schemas/groups';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DeleteGroupDialog, EditGroupDialog, InviteFriendsDialog } from './lazy-dialogs';

/**
 * The managers' area: admins edit the group and invite friends; admins and the journal's owner
 * (admin or not, who alone changes the group's visibility) delete it.
 */
export function GroupManageCard({
  group,
  onDeleted,
}: {
  group: PrayerGroupDetail;
  onDeleted: () => void;
}) {
  const [dialog, setDialog] = useState<'edit' | 'invite' | 'delete' | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Manage Group</h2>
        </CardTitle>
        <CardDescription>
          {group.userIsAdmin
            ? 'Only the group’s admins see this.'
            : 'You own the group’s journal: you decide who can see the group, and may delete it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button variant="outline" className="justify-start" onClick={() => setDialog('edit')}>
          <Pencil aria-hidden="true" />
          {group.userIsAdmin ? 'Edit Details' : 'Change Visibility'}
        </Button>
        {group.userIsAdmin && (
          <Button variant="outline" className="justify-start" onClick={() => setDialog('invite')}>
            <UserPlus aria-hidden="true" />
            Invite Friends
          </Button>
        )}
        <Button
          variant="outline"
          className="justify-start text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => setDialog('delete')}
        >
          <Trash2 aria-hidden="true" />
          Delete Group
        </Button>
      </CardContent>
      <EditGroupDialog group={group} open={dialog === 'edit'} onOpenChange={close} />
      {group.userIsAdmin && (
        <InviteFriendsDialog group={group} open={dialog === 'invite'} onOpenChange={close} />
      )}
      <DeleteGroupDialog
        group={group}
        open={dialog === 'delete'}
        onOpenChange={close}
        onDeleted={onDeleted}
      />
    </Card>
  );
}
