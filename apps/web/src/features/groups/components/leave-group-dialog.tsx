import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLeaveGroup } from '../api/leave-group';

/** Confirms leaving a group; `onLeft` runs after the server agreed. */
export function LeaveGroupDialog({
  group,
  open,
  onOpenChange,
  onLeft,
}: {
  group: Pick<PrayerGroup, '_id' | 'name' | 'isPublic'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeft: () => void;
}) {
  const leave = useLeaveGroup();

  // A promise rather than mutate's callbacks, which never run once this dialog has unmounted.
  const onConfirm = () =>
    leave.mutateAsync({ id: group._id, isPublic: group.isPublic }).then(
      ({ message }) => {
        toast.success('You left the group', { description: message });
        onOpenChange(false);
        onLeft();
      },
      (error: unknown) => {
        // e.g. the last admin: 'Make another member an admin before leaving, or delete the group.'
        toast.error('Failed to leave group', { description: getErrorMessage(error) });
        onOpenChange(false);
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Leave this group?"
      description={
        group.isPublic
          ? `You will no longer be a member of "${group.name}". You can join it again at any time.`
          : `"${group.name}" is private: you will need a new invitation to join it again.`
      }
      confirmLabel="Leave Group"
      pendingLabel="Leaving..."
      pending={leave.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
