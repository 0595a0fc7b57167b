import type { PrayerGroupDetail } from '@selah/shared/schemas/groups';
import { useState } from 'react';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import { FriendPicker } from '@/components/friends/friend-picker';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useFriendChoices } from '@/hooks/use-friend-choices';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useInviteToGroup } from '../api/invite-to-group';

/** Invites friends to a group (admins); friends who already belong to it cannot be ticked. */
export function InviteFriendsDialog({
  group,
  open,
  onOpenChange,
}: {
  group: PrayerGroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invite Friends</DialogTitle>
          <DialogDescription>
            Invite friends to pray with you in &ldquo;{group.name}&rdquo;. They are notified and can
            join{group.isPublic ? '' : ' this private group'}.
          </DialogDescription>
        </DialogHeader>
        <InviteFriendsForm group={group} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function InviteFriendsForm({ group, onDone }: { group: PrayerGroupDetail; onDone: () => void }) {
  const friends = useFriendChoices();
  const invite = useInviteToGroup();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const memberIds = new Set(group.members.map((member) => member._id));

  const onInvite = () => {
    if (selected.size === 0) {
      toast.error('No one selected', {
        description: 'Please select at least one friend to invite.',
      });
      return;
    }
    invite.mutate(
      { id: group._id, userIds: [...selected] },
      {
        onSuccess: ({ message }) => {
          toast.success('Invitations sent!', { description: message });
          onDone();
        },
        onError: (error) =>
          toast.error('Failed to invite friends', { description: getErrorMessage(error) }),
      },
    );
  };

  const body = (
    <FriendPicker
      friends={friends}
      selected={selected}
      onSelectedChange={setSelected}
      emptyMessage="You have no friends to invite yet."
      unavailable={(friend) => (memberIds.has(friend._id) ? 'Already a member' : undefined)}
    />
  );

  return (
    <>
      {body}
      <DialogActions
        onCancel={onDone}
        label="Send Invites"
        pendingLabel="Sending..."
        pending={invite.isPending}
        disabled={invite.isPending || !friends.data || friends.data.length === 0}
        onClick={onInvite}
      />
    </>
  );
}
