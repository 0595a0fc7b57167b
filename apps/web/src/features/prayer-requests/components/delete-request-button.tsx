import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
    <AlertDialog open={confirming} onOpenChange={setConfirming}>
      <AlertDialogTrigger asChild>
        {labelled ? (
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
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This action cannot be undone. This will permanently delete this prayer request.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteRequest.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={deleteRequest.isPending}
            onClick={(event) => {
              // Keep the confirmation open until the server answers.
              event.preventDefault();
              onConfirm();
            }}
          >
            {deleteRequest.isPending ? 'Deleting...' : 'Continue'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
