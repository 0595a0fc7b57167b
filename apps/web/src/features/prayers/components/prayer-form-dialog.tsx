import { TITLE_MAX, type PrayerCategory } from '@selah/shared/constants';
import type { Journal } from '@selah/shared/schemas/journals';
import {
  JOURNAL_REQUIRED_MESSAGE,
  MemoryVerseSchema,
  type Prayer,
} from '@selah/shared/schemas/prayers';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CategoryField } from '@/components/forms/category-field';
import { DescriptionField } from '@/components/forms/description-field';
import { PrivacySwitch } from '@/components/forms/privacy-switch';
import { TitleField } from '@/components/forms/title-field';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import { UpgradeNotice } from '@/components/errors/upgrade-notice';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreatePrayer } from '../api/create-prayer';
import { useJournals } from '@/api/get-journals';
import { useUpdatePrayer } from '../api/update-prayer';
import { prayerJournalLabel } from '../utils/journal-label';

export const PERMISSION_DENIED_TITLE = 'Permission Denied';
export const NOT_YOUR_JOURNAL_MESSAGE = 'You can only add prayers to your own journal.';
const FAILURE_TITLE = 'Failed to add prayer';
const FAILURE_MESSAGE = 'There was an error adding your prayer. Please try again.';
const UPDATE_FAILURE_TITLE = 'Failed to update prayer';
const UPDATE_FAILURE_MESSAGE = 'There was an error updating your prayer. Please try again.';

interface AddPrayerValues {
  title: string;
  content: string;
  category: PrayerCategory;
  journal: string;
  isPrivate: boolean;
  withVerse: boolean;
  verse: string;
  reference: string;
}

const EMPTY: AddPrayerValues = {
  title: '',
  content: '',
  category: 'Personal',
  journal: '',
  isPrivate: true,
  withVerse: false,
  verse: '',
  reference: '',
};

/** The form filled with a prayer as it is (editing). */
function valuesOf(prayer: Prayer): AddPrayerValues {
  return {
    title: prayer.title,
    content: prayer.content,
    category: prayer.category as PrayerCategory,
    journal: prayer.journal,
    isPrivate: prayer.isPrivate,
    withVerse: prayer.memoryVerse !== null,
    verse: prayer.memoryVerse?.verse ?? '',
    reference: prayer.memoryVerse?.reference ?? '',
  };
}

/** The default journal: the one given, else the first the user owns (spec-1 §5). */
function pickJournal(journals: Journal[] | undefined, defaultJournalId: string | undefined) {
  if (defaultJournalId) return defaultJournalId;
  return journals?.find((journal) => journal.membership === 'owner')?._id ?? '';
}

/**
 * The prayer dialog (spec-1 §2, §5), adding or, given `prayer`, editing one (issue 29 §2): title,
 * prayer, category, journal, privacy (private by default) and an optional memory verse. Checks
 * come first as toasts; the server checks again. Editing keeps the prayer in its journal (shown,
 * not chosen) and sends the fields to PUT /prayers/{id}: its log, rhythm and testimonies stay.
 */
export function PrayerFormDialog({
  open,
  onOpenChange,
  defaultJournalId,
  prayer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultJournalId?: string;
  /** The prayer to edit; absent, the dialog adds a new one. */
  prayer?: Prayer;
}) {
  const id = useId();
  const editing = prayer !== undefined;
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const journals = useJournals({ enabled: open && !editing });
  const createPrayer = useCreatePrayer();
  const updatePrayer = useUpdatePrayer();
  const form = useForm<AddPrayerValues>({ defaultValues: prayer ? valuesOf(prayer) : EMPTY });
  const { errors } = form.formState;
  const [withVerse, journalId] = useWatch({
    control: form.control,
    name: ['withVerse', 'journal'],
  });

  // Choose the default journal once the list is known, unless the user already picked one.
  const fallbackJournal = pickJournal(journals.data, defaultJournalId);
  useEffect(() => {
    if (open && !editing && !form.getValues('journal') && fallbackJournal) {
      form.setValue('journal', fallbackJournal);
    }
  }, [open, editing, fallbackJournal, form]);

  // Each opening of the edit dialog starts from the prayer as it is now.
  const [editedFrom, setEditedFrom] = useState<Prayer | null>(null);
  if (open && prayer && editedFrom === null) setEditedFrom(prayer);
  if (!open && editedFrom !== null) setEditedFrom(null);
  useEffect(() => {
    if (editedFrom) form.reset(valuesOf(editedFrom));
  }, [editedFrom, form]);

  const reset = () =>
    form.reset({ ...EMPTY, journal: pickJournal(journals.data, defaultJournalId) });

  const fail = (field: keyof AddPrayerValues, title: string, description: string) => {
    form.setError(field, { type: 'client', message: description });
    toast.error(title, { description });
    form.setFocus(field);
  };

  /** The memory verse to send: the checked verse, null for none, false when it is incomplete. */
  const verseOf = (
    values: AddPrayerValues,
  ): { verse: string; reference: string } | null | false => {
    if (!values.withVerse) return null;
    const parsed = MemoryVerseSchema.safeParse({
      verse: values.verse,
      reference: values.reference,
    });
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'reference' ? 'reference' : 'verse';
    fail(field, 'Memory verse incomplete', issue?.message ?? 'Please enter the verse.');
    return false;
  };

  const save = (
    prayer: Prayer,
    title: string,
    values: AddPrayerValues,
    memoryVerse: { verse: string; reference: string } | null,
  ) =>
    updatePrayer.mutate(
      {
        id: prayer._id,
        input: {
          title,
          content: values.content.trim(),
          category: values.category,
          isPrivate: values.isPrivate,
          memoryVerse,
        },
      },
      {
        onSuccess: (updated) => {
          toast.success('Prayer updated', { description: `"${updated.title}" was saved.` });
          onOpenChange(false);
        },
        onError: (error) => {
          const matched = setServerFieldErrors(error, form.setError, [
            'title',
            'content',
            'category',
            'isPrivate',
          ]);
          const plainAnswer = error instanceof ApiError && error.status === 400;
          toast.error(UPDATE_FAILURE_TITLE, {
            description:
              matched || plainAnswer
                ? getErrorMessage(error, UPDATE_FAILURE_MESSAGE)
                : UPDATE_FAILURE_MESSAGE,
          });
        },
      },
    );

  const onSubmit = (values: AddPrayerValues) => {
    form.clearErrors();
    setLimitMessage(null);
    const trimmedTitle = values.title.trim();
    if (!trimmedTitle) {
      fail('title', 'Title required', 'Please provide a title for your prayer.');
      return;
    }
    if (trimmedTitle.length > TITLE_MAX) {
      fail('title', 'Title too long', `Prayer title must be ${TITLE_MAX} characters or less.`);
      return;
    }
    if (!editing && !values.journal) {
      toast.error('Journal required', { description: JOURNAL_REQUIRED_MESSAGE });
      form.setError('journal', { type: 'client', message: JOURNAL_REQUIRED_MESSAGE });
      return;
    }
    const memoryVerse = verseOf(values);
    if (memoryVerse === false) return;
    if (prayer) {
      save(prayer, trimmedTitle, values, memoryVerse);
      return;
    }
    if (!journals.data) {
      toast.error(FAILURE_TITLE, {
        description: 'Your journals could not be loaded. Please try again.',
      });
      return;
    }
    const chosen = journals.data.find((journal) => journal._id === values.journal);
    if (chosen?.membership !== 'owner') {
      toast.error(PERMISSION_DENIED_TITLE, { description: NOT_YOUR_JOURNAL_MESSAGE });
      form.setError('journal', { type: 'client', message: NOT_YOUR_JOURNAL_MESSAGE });
      return;
    }

    createPrayer.mutate(
      {
        title: trimmedTitle,
        content: values.content.trim(),
        category: values.category,
        journal: values.journal,
        isPrivate: values.isPrivate,
        ...(memoryVerse ? { memoryVerse } : {}),
      },
      {
        onSuccess: (prayer) => {
          toast.success('Prayer added!', {
            description: `"${prayer.title}" was added to ${prayer.journalTitle ?? 'your journal'}.`,
          });
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 403) {
            toast.error(PERMISSION_DENIED_TITLE, {
              description: getErrorMessage(error, NOT_YOUR_JOURNAL_MESSAGE),
            });
            return;
          }
          const matched = setServerFieldErrors(error, form.setError, [
            'title',
            'content',
            'category',
            'journal',
            'isPrivate',
          ]);
          if (error instanceof ApiError && error.status === 402) {
            // A plan limit (decisions.md §3): say which, and offer the way up in the dialog.
            const message = getErrorMessage(error, FAILURE_MESSAGE);
            setLimitMessage(message);
            toast.error(FAILURE_TITLE, { description: message });
            return;
          }
          const plainAnswer = error instanceof ApiError && error.status === 400;
          toast.error(FAILURE_TITLE, {
            description:
              matched || plainAnswer ? getErrorMessage(error, FAILURE_MESSAGE) : FAILURE_MESSAGE,
          });
        },
      },
    );
  };

  const owned = journals.data?.filter((journal) => journal.membership === 'owner') ?? [];
  // A default journal the user cannot add to stays visible (and disabled) so the choice is clear.
  const current = journals.data?.find((journal) => journal._id === journalId);
  const foreign = current && current.membership !== 'owner' ? current : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Prayer' : 'Add New Prayer'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change what you are praying for. Its log, rhythm and testimonies stay.'
              : 'Write down what you are praying for. You can mark it answered later.'}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          className="grid gap-4"
          aria-label={editing ? 'Edit prayer' : 'Add prayer'}
        >
          <TitleField
            form={form}
            name="title"
            id={`${id}-title`}
            placeholder="What are you praying for?"
            error={errors.title?.message}
          />
          <DescriptionField
            form={form}
            name="content"
            id={`${id}-content`}
            label="Prayer"
            rows={4}
            className="min-h-24"
            placeholder="Write your prayer..."
            error={errors.content?.message}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <CategoryField
              id={`${id}-category`}
              control={form.control}
              name="category"
              error={errors.category?.message}
            />
            <FormField id={`${id}-journal`} label="Journal" error={errors.journal?.message}>
              {(control) =>
                prayer ? (
                  // A prayer stays in its journal: shown, not chosen.
                  <Input
                    {...control}
                    readOnly
                    value={prayerJournalLabel(prayer)}
                    className="bg-muted/50 text-muted-foreground"
                  />
                ) : journals.isPending ? (
                  <Skeleton className="h-9 w-full" />
                ) : (
                  <Controller
                    control={form.control}
                    name="journal"
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger {...control} ref={field.ref} className="w-full">
                          <SelectValue
                            placeholder={
                              owned.length === 0 ? 'No journals yet' : 'Choose a journal'
                            }
                          />
                        </SelectTrigger>
                        <SelectContent>
                          {foreign && (
                            <SelectItem value={foreign._id} disabled>
                              {foreign.title} (not yours)
                            </SelectItem>
                          )}
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
          </div>
          <PrivacySwitch
            control={form.control}
            name="isPrivate"
            id={`${id}-private`}
            label="Private prayer"
            hint="Only you can see a private prayer, even in a shared journal."
          />
          <div className="grid gap-3 rounded-lg border p-3">
            <Controller
              control={form.control}
              name="withVerse"
              render={({ field }) => (
                <div className="flex items-center justify-between gap-4">
                  <Label htmlFor={`${id}-with-verse`}>Add a memory verse</Label>
                  <Switch
                    id={`${id}-with-verse`}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    ref={field.ref}
                  />
                </div>
              )}
            />
            {withVerse && (
              <>
                <FormField id={`${id}-verse`} label="Verse" error={errors.verse?.message}>
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={2}
                      placeholder="Do not be anxious about anything..."
                      {...form.register('verse')}
                    />
                  )}
                </FormField>
                <FormField
                  id={`${id}-reference`}
                  label="Reference"
                  error={errors.reference?.message}
                >
                  {(control) => (
                    <Input
                      {...control}
                      placeholder="Philippians 4:6"
                      autoComplete="off"
                      {...form.register('reference')}
                    />
                  )}
                </FormField>
              </>
            )}
          </div>
          {limitMessage && <UpgradeNotice message={limitMessage} />}
          <DialogActions
            onCancel={() => onOpenChange(false)}
            label={editing ? 'Save Changes' : 'Add Prayer'}
            pendingLabel={editing ? 'Saving...' : 'Adding...'}
            pending={editing ? updatePrayer.isPending : createPrayer.isPending}
            disabled={
              editing ? updatePrayer.isPending : createPrayer.isPending || journals.isPending
            }
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
