import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The confirmation before removing someone from a journal or a group: 'Remove {name}?', what
 * they lose, then 'Member removed' (with `removedMessage`) or 'Failed to remove member', and the
 * dialog closes either way. `onRemove` returns the request's promise rather than using
 * mutate's callbacks, which never run once the dialog has unmounted.
 */
export function RemoveMemberDialog({
  name,
  open,
  onOpenChange,
  description,
  removedMessage,
  pending,
  onRemove,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: ReactNode;
  removedMessage: string;
  pending: boolean;
  onRemove: () => Promise<unknown>;
}) {
  const onConfirm = () =>
    void onRemove().then(
      () => {
        toast.success('Member removed', { description: removedMessage });
        onOpenChange(false);
      },
      (error: unknown) => {
        toast.error('Failed to remove member', { description: getErrorMessage(error) });
        onOpenChange(false);
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Remove ${name}?`}
      description={description}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
