import type { CreateGroupInput } from '@selah/shared/schemas/groups';
import { BookPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import { UpgradeNotice } from '@/components/errors/upgrade-notice';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { getPlanLimit } from '@/lib/plan-limit';
import { toast } from '@/lib/toast';
import { useCreateGroup } from '../api/create-group';
import { useOwnedJournals } from '@/api/get-journals';
import {
  EMPTY_GROUP_FORM,
  JOURNAL_REQUIRED_MESSAGE,
  JOURNAL_REQUIRED_TITLE,
  NO_JOURNALS_MESSAGE,
  validateGroupFields,
  type GroupFormValues,
} from '../utils/group-form';
import { GroupFormFields } from './group-form-fields';

/** The request body: trimmed texts, and `isPublic` the inverse of the 'Private' switch. */
export function toCreateGroupInput(values: GroupFormValues): CreateGroupInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    isPublic: !values.isPrivate,
    journalId: values.journalId,
  };
}

/**
 * Creates a prayer group (spec-2 §2, §4, §5). The form lives inside the dialog's content, which
 * unmounts on close, so it starts empty again after a success or a cancel. `journalNotice` says
 * something about the chosen journal: how many of its prayers the members would not see
 * (issue 29 §2, composed by the route).
 */
export function CreateGroupDialog({
  open,
  onOpenChange,
  journalNotice,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  journalNotice?: (journalId: string) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Prayer Group</DialogTitle>
          <DialogDescription>
            Pray together around one of your journals. Members see its public prayers.
          </DialogDescription>
        </DialogHeader>
        <CreateGroupForm
          onDone={() => onOpenChange(false)}
          {...(journalNotice ? { journalNotice } : {})}
        />
      </DialogContent>
    </Dialog>
  );
}

function CreateGroupForm({
  onDone,
  journalNotice,
}: {
  onDone: () => void;
  journalNotice?: (journalId: string) => ReactNode;
}) {
  const id = useId();
  const journals = useOwnedJournals();
  const createGroup = useCreateGroup();
  const form = useForm<GroupFormValues>({ defaultValues: EMPTY_GROUP_FORM });
  const { errors } = form.formState;
  const journalId = useWatch({ control: form.control, name: 'journalId' });
  // Groups are a Premium feature (decisions §3): the limit is said here, with the way up.
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const owned = journals.data ?? [];
  const noJournals = journals.isSuccess && owned.length === 0;

  const onSubmit = (values: GroupFormValues) => {
    form.clearErrors();
    const fieldErrors = validateGroupFields(values);
    if (fieldErrors.name) form.setError('name', { type: 'client', message: fieldErrors.name });
    if (fieldErrors.description) {
      form.setError('description', { type: 'client', message: fieldErrors.description });
    }
    if (!values.journalId) {
      form.setError('journalId', { type: 'client', message: JOURNAL_REQUIRED_MESSAGE });
      toast.error(JOURNAL_REQUIRED_TITLE, { description: JOURNAL_REQUIRED_MESSAGE });
    }
    const firstInvalid = fieldErrors.name
      ? 'name'
      : fieldErrors.description
        ? 'description'
        : !values.journalId
          ? 'journalId'
          : null;
    if (firstInvalid) {
      form.setFocus(firstInvalid);
      return;
    }

    setLimitMessage(null);
    createGroup.mutate(toCreateGroupInput(values), {
      onSuccess: ({ data }) => {
        toast.success('Prayer group created!', {
          description: `"${data.name}" is ready. Invite friends to pray with you.`,
        });
        onDone();
      },
      onError: (error) => {
        setLimitMessage(getPlanLimit(error)?.message ?? null);
        setServerFieldErrors(error, form.setError, ['name', 'description', 'journalId']);
        toast.error('Failed to create group', { description: getErrorMessage(error) });
      },
    });
  };

  return (
    <form
      noValidate
      aria-label="Create prayer group"
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
    >
      <GroupFormFields form={form} idPrefix={id} />
      <FormField id={`${id}-journal`} label="Journal" error={errors.journalId?.message}>
        {(control) =>
          journals.isPending ? (
            <Skeleton className="h-9 w-full" />
          ) : journals.isError ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3 text-sm"
            >
              <span className="text-destructive">Your journals could not be loaded.</span>
              <Button size="sm" variant="outline" onClick={() => void journals.refetch()}>
                Try again
              </Button>
            </div>
          ) : noJournals ? (
            <div className="grid gap-2 rounded-md border border-dashed p-3 text-sm">
              <p className="font-medium">{NO_JOURNALS_MESSAGE}</p>
              <Button asChild size="sm" variant="outline" className="w-fit">
                <Link to={paths.app.journals.getHref()}>
                  <BookPlus aria-hidden="true" />
                  Go to My Journals
                </Link>
              </Button>
            </div>
          ) : (
            <Controller
              control={form.control}
              name="journalId"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(value) => {
                    field.onChange(value);
                    form.clearErrors('journalId');
                  }}
                >
                  <SelectTrigger {...control} ref={field.ref} className="w-full">
                    <SelectValue placeholder="Choose a journal to attach" />
                  </SelectTrigger>
                  <SelectContent>
                    {owned.map((journal) => (
                      <SelectItem key={journal._id} value={journal._id}>
                        {journal.title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )
        }
      </FormField>
      {journalId && journalNotice?.(journalId)}
      {limitMessage && <UpgradeNotice message={limitMessage} />}
      <DialogActions
        onCancel={onDone}
        label="Create Group"
        pendingLabel="Creating..."
        pending={createGroup.isPending}
        disabled={createGroup.isPending || journals.isPending || noJournals || journals.isError}
      />
    </form>
  );
}
