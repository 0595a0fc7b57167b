import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useDeletePrayerRequest } from '../api/delete-prayer-request';

/** The trash button of the user's own request, with the spec's confirmation (spec-2). */
export function DeleteRequestButton({
  request,
  onDeleted,
  labelled = false,
}: {
  request: Pick<PrayerRequest, '_id' | 'title'>;
  onDeleted?: () => void;
  /** 'Delete Request' in words (the details dialog) instead of the card's trash icon. */
  labelled?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteRequest = useDeletePrayerRequest();
  const onConfirm = () =>
    deleteRequest.mutate(request._id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Prayer Request Deleted', {
          description: `"${request.title}" has been deleted.`,
        });
        onDeleted?.();
      },
      onError: () => {
        setConfirming(false);
        toast.error('Error', {
          description: 'Failed to delete prayer request. Please try again.',
        });
      },
    });

  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        labelled ? (
          <Button
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
            Delete Request
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete "${request.title}"`}
            className="size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )
      }
      title="Are you absolutely sure?"
      description="This action cannot be undone. This will permanently delete this prayer request."
      confirmLabel="Continue"
      pendingLabel="Deleting..."
      pending={deleteRequest.isPending}
      onConfirm={onConfirm}
    />
  );
}
