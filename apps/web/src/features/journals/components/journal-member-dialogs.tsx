import type { JournalDetail, JournalMember } from '@selah/shared/schemas/journals';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { RemoveMemberDialog } from '@/components/dialogs/remove-member-dialog';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLeaveJournal, useRemoveJournalMember } from '../api/remove-journal-member';

type JournalInfo = Pick<JournalDetail, '_id' | 'title' | 'isPrivate'>;

/**
 * The owner's confirmation before removing a member (open while `member` is set): who, and
 * what they lose. A private journal's member can no longer read it; a public one's may join again.
 */
export function RemoveJournalMemberDialog({
  journal,
  member,
  onOpenChange,
}: {
  journal: JournalInfo;
  member: JournalMember | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveJournalMember();
  const name = member?.name.trim() || 'This member';

  return (
    <RemoveMemberDialog
      name={name}
      open={member !== null}
      onOpenChange={onOpenChange}
      description={
        journal.isPrivate
          ? `${name} will no longer be a member of "${journal.title}" and can no longer read its prayers. You can share the journal with them again later.`
          : `${name} will no longer be a member of "${journal.title}". The journal is public, so they can still read it and join it again.`
      }
      removedMessage={`${name} is no longer a member of "${journal.title}".`}
      pending={remove.isPending}
      onRemove={() =>
        member ? remove.mutateAsync({ id: journal._id, userId: member.userId }) : Promise.resolve()
      }
    />
  );
}

/** A member's confirmation before leaving a journal; `onLeft` runs once the server agreed. */
export function LeaveJournalDialog({
  journal,
  userId,
  open,
  onOpenChange,
  onLeft,
}: {
  journal: JournalInfo;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeft: () => void;
}) {
  const leave = useLeaveJournal();

  const onConfirm = () =>
    void leave.mutateAsync({ id: journal._id, userId }).then(
      () => {
        toast.success('You left the journal', {
          description: `"${journal.title}" is no longer in your journals.`,
        });
        onOpenChange(false);
        onLeft();
      },
      (error: unknown) => {
        toast.error('Failed to leave journal', { description: getErrorMessage(error) });
        onOpenChange(false);
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Leave this journal?"
      description={
        journal.isPrivate
          ? `"${journal.title}" is private: you will no longer be able to read it unless its owner shares it with you again.`
          : `"${journal.title}" will leave your journals. It is public, so you can join it again at any time.`
      }
      confirmLabel="Leave Journal"
      pendingLabel="Leaving..."
      pending={leave.isPending}
      onConfirm={onConfirm}
    />
  );
}
