import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateGroup } from '../api/update-group';
import { validateGroupFields, type GroupFormValues } from '../utils/group-form';
import { GroupFormFields } from './group-form-fields';

/**
 * Renames a group and edits its description (admins), with the same checks as creating it, and
 * its privacy (only the journal's owner, who need not be an admin). The form mounts with the
 * dialog's content, so each opening starts from the saved values.
 */
export function EditGroupDialog({
  group,
  open,
  onOpenChange,
}: {
  group: PrayerGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit Prayer Group</DialogTitle>
          <DialogDescription>{editDescription(group)}</DialogDescription>
        </DialogHeader>
        <EditGroupForm group={group} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function editDescription(group: PrayerGroup) {
  if (!group.userIsAdmin) return 'Change who can see the group.';
  return group.userOwnsJournal
    ? 'Change the name, description or privacy of the group.'
    : "Change the name or description of the group. Only the journal's owner can change who can see it.";
}

function EditGroupForm({ group, onDone }: { group: PrayerGroup; onDone: () => void }) {
  const id = useId();
  const update = useUpdateGroup();
  const form = useForm<GroupFormValues>({
    defaultValues: {
      name: group.name,
      description: group.description,
      isPrivate: !group.isPublic,
      journalId: group.journalId,
    },
  });

  // Admins edit the text; only the journal's owner the privacy (the server refuses others).
  const showText = group.userIsAdmin;
  const showPrivacy = group.userOwnsJournal;

  const onSubmit = (values: GroupFormValues) => {
    form.clearErrors();
    const errors = showText ? validateGroupFields(values) : {};
    if (errors.name) form.setError('name', { type: 'client', message: errors.name });
    if (errors.description) {
      form.setError('description', { type: 'client', message: errors.description });
    }
    if (errors.name || errors.description) {
      form.setFocus(errors.name ? 'name' : 'description');
      return;
    }
    update.mutate(
      {
        id: group._id,
        input: {
          ...(showText ? { name: values.name.trim(), description: values.description.trim() } : {}),
          ...(showPrivacy ? { isPublic: !values.isPrivate } : {}),
        },
      },
      {
        onSuccess: ({ data }) => {
          toast.success('Prayer group updated!', { description: `"${data.name}" was saved.` });
          onDone();
        },
        onError: (error) => {
          setServerFieldErrors(error, form.setError, ['name', 'description']);
          toast.error('Failed to update group', { description: getErrorMessage(error) });
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Edit prayer group"
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
    >
      <GroupFormFields form={form} idPrefix={id} showText={showText} showPrivacy={showPrivacy} />
      <DialogActions
        onCancel={onDone}
        label="Save Changes"
        pendingLabel="Saving..."
        pending={update.isPending}
      />
    </form>
  );
}
