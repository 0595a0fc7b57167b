import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteJournal } from '../api/delete-journal';

/**
 * The journal delete confirmation ('Are you absolutely sure?'). After success `onDeleted` runs;
 * the parent navigates away, which also closes the dialog.
 */
export function DeleteJournalDialog({
  journal,
  open,
  onOpenChange,
  onDeleted,
}: {
  journal: { _id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const deleteJournal = useDeleteJournal();

  const onConfirm = () =>
    deleteJournal.mutate(journal._id, {
      onSuccess: () => {
        toast.success('Journal Deleted', {
          description: `"${journal.title}" and its prayers have been deleted.`,
        });
        // The parent leaves the page (spec-1 §4); closing first would re-render the page of a
        // journal that no longer exists.
        onDeleted();
      },
      onError: () => toast.error('Error', { description: 'Failed to delete journal.' }),
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Are you absolutely sure?"
      description={
        <>
          This will permanently delete &ldquo;{journal.title}&rdquo; and all of its prayers. This
          action cannot be undone.
        </>
      }
      confirmLabel="Delete Journal"
      pendingLabel="Deleting..."
      pending={deleteJournal.isPending}
      onConfirm={onConfirm}
    />
  );
}
