import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteGroup } from '../api/delete-group';

/**
 * The group delete confirmation ('Are you absolutely sure?'). After success `onDeleted` runs;
 * the parent navigates away.
 */
export function DeleteGroupDialog({
  group,
  open,
  onOpenChange,
  onDeleted,
}: {
  group: { _id: string; name: string; journalTitle: string | null };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const deleteGroup = useDeleteGroup();

  // A promise rather than mutate's callbacks, which never run once this dialog has unmounted.
  const onConfirm = () =>
    deleteGroup.mutateAsync(group._id).then(
      () => {
        toast.success('Prayer group deleted', { description: `"${group.name}" was deleted.` });
        // The parent leaves the page, which also closes the dialog.
        onDeleted();
      },
      (error: unknown) =>
        toast.error('Failed to delete group', { description: getErrorMessage(error) }),
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Are you absolutely sure?"
      description={
        <>
          This will permanently delete the group &ldquo;{group.name}&rdquo; for all of its members.
          {group.journalTitle ? (
            <> The journal &ldquo;{group.journalTitle}&rdquo; and its prayers are kept.</>
          ) : (
            ' Its journal and prayers are kept.'
          )}{' '}
          This action cannot be undone.
        </>
      }
      confirmLabel="Delete Group"
      pendingLabel="Deleting..."
      pending={deleteGroup.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
