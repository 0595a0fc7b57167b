import {
  DESCRIPTION_MAX,
  PRAYER_CATEGORIES,
  PRAYER_CONTENT_MAX,
  TITLE_MAX,
  type PrayerCategory,
} from '@selah/shared/constants';
import type { CreateJournalInput } from '@selah/shared/schemas/journals';
import { Globe, Lock } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import { UpgradeNotice } from '@/components/errors/upgrade-notice';
import { DescriptionField } from '@/components/forms/description-field';
import { TitleField } from '@/components/forms/title-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { getPlanLimit } from '@/lib/plan-limit';
import { toast } from '@/lib/toast';
import { useCreateJournal } from '../api/create-journal';

const NO_CATEGORY = 'none';

interface CreateJournalForm {
  title: string;
  description: string;
  privacy: 'private' | 'public';
  category: PrayerCategory | typeof NO_CATEGORY;
  includeInitialPrayer: boolean;
  initialPrayer: string;
}

const DEFAULT_VALUES: CreateJournalForm = {
  title: '',
  description: '',
  privacy: 'private',
  category: NO_CATEGORY,
  includeInitialPrayer: false,
  initialPrayer: '',
};

/** The two starting points (spec-1 §9); each prefills the title and the description. */
export const JOURNAL_TEMPLATES = [
  {
    name: 'Daily Devotional',
    description: 'A daily record of Scripture reading, reflections and prayers.',
  },
  {
    name: 'Family Prayers',
    description: "Prayers for my family: each one's health, faith, needs and blessings.",
  },
] as const;

/** The request body: the initial prayer only when switched on and not blank (spec-1 §5). */
export function toCreateJournalInput(values: CreateJournalForm): CreateJournalInput {
  const initialPrayer = values.initialPrayer.trim();
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    isPrivate: values.privacy === 'private',
    ...(values.category === NO_CATEGORY ? {} : { category: values.category }),
    ...(values.includeInitialPrayer && initialPrayer ? { initialPrayer } : {}),
  };
}

/** Creates a journal (spec-1 §2 "Create-journal dialog"); the parent owns the open state. */
export function CreateJournalDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createJournal = useCreateJournal();
  const form = useForm<CreateJournalForm>({ defaultValues: DEFAULT_VALUES });
  // A plan limit (decisions §3) is said in the dialog, with the way up.
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next) setLimitMessage(null);
    onOpenChange(next);
  };
  const { errors } = form.formState;
  const includeInitialPrayer = useWatch({ control: form.control, name: 'includeInitialPrayer' });

  const applyTemplate = (template: (typeof JOURNAL_TEMPLATES)[number]) => {
    form.setValue('title', template.name, { shouldDirty: true });
    form.setValue('description', template.description, { shouldDirty: true });
    form.clearErrors(['title', 'description']);
  };

  const onSubmit = (values: CreateJournalForm) => {
    const titleText = values.title.trim();
    if (!titleText) {
      toast.error('Title required', { description: 'Please provide a title for your journal.' });
      form.setFocus('title');
      return;
    }
    if (titleText.length > TITLE_MAX) {
      toast.error('Title too long', {
        description: `Journal title must be ${TITLE_MAX} characters or less.`,
      });
      form.setFocus('title');
      return;
    }
    setLimitMessage(null);
    createJournal.mutate(toCreateJournalInput(values), {
      onSuccess: (journal) => {
        toast.success('Journal created!', {
          description: `"${journal.title}" is ready for your prayers.`,
        });
        form.reset(DEFAULT_VALUES);
        changeOpen(false);
      },
      onError: (error) => {
        setLimitMessage(getPlanLimit(error)?.message ?? null);
        setServerFieldErrors(error, form.setError, ['title', 'description', 'initialPrayer']);
        toast.error('Failed to create journal', { description: getErrorMessage(error) });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Create New Journal</DialogTitle>
          <DialogDescription>
            A place to keep your prayers. Start from a template or from scratch.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Templates</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {JOURNAL_TEMPLATES.map((template) => (
                <Button
                  key={template.name}
                  variant="outline"
                  className="h-auto flex-col items-start gap-1 px-3 py-2 text-left whitespace-normal"
                  onClick={() => applyTemplate(template)}
                  aria-describedby={`template-${template.name.replace(/\s/g, '-')}`}
                >
                  <span>{template.name}</span>
                  <span
                    id={`template-${template.name.replace(/\s/g, '-')}`}
                    className="text-xs font-normal text-muted-foreground"
                  >
                    {template.description}
                  </span>
                </Button>
              ))}
            </div>
          </fieldset>

          <TitleField
            form={form}
            name="title"
            id="journal-title"
            placeholder="e.g. Morning Prayers"
            error={errors.title?.message}
          />

          <DescriptionField
            form={form}
            name="description"
            id="journal-description"
            rows={3}
            maxLength={DESCRIPTION_MAX}
            placeholder="What is this journal for?"
            error={errors.description?.message}
          />

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Privacy</legend>
            <Controller
              control={form.control}
              name="privacy"
              render={({ field }) => (
                <RadioGroup
                  name={field.name}
                  value={field.value}
                  onValueChange={(value) => field.onChange(value)}
                  className="grid gap-2 sm:grid-cols-2"
                >
                  {(
                    [
                      ['private', 'Private', 'Only you and the members you invite.', Lock],
                      ['public', 'Public', 'Anyone on Selah can find and join it.', Globe],
                    ] as const
                  ).map(([value, label, description, Icon]) => (
                    <Label
                      key={value}
                      htmlFor={`journal-privacy-${value}`}
                      className="items-start gap-3 rounded-md border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                    >
                      <RadioGroupItem
                        id={`journal-privacy-${value}`}
                        value={value}
                        className="mt-0.5"
                      />
                      <span className="grid gap-1">
                        <span className="flex items-center gap-1.5 font-medium">
                          <Icon className="size-3.5" aria-hidden="true" />
                          {label}
                        </span>
                        <span className="text-xs leading-snug text-muted-foreground">
                          {description}
                        </span>
                      </span>
                    </Label>
                  ))}
                </RadioGroup>
              )}
            />
          </fieldset>

          <div className="grid gap-2">
            <Label htmlFor="journal-category">Category (optional)</Label>
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <Select
                  name={field.name}
                  value={field.value}
                  onValueChange={(value) => field.onChange(value)}
                >
                  <SelectTrigger id="journal-category" className="w-full sm:w-64">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_CATEGORY}>No category</SelectItem>
                    {PRAYER_CATEGORIES.map((category) => (
                      <SelectItem key={category} value={category}>
                        {category}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>

          <div className="grid gap-3 rounded-md border p-3">
            <div className="flex items-center justify-between gap-4">
              <div className="grid gap-1">
                <Label htmlFor="journal-initial-prayer-toggle">Add an initial prayer</Label>
                <p className="text-xs text-muted-foreground">
                  Start the journal with its first prayer.
                </p>
              </div>
              <Controller
                control={form.control}
                name="includeInitialPrayer"
                render={({ field }) => (
                  <Switch
                    id="journal-initial-prayer-toggle"
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </div>
            {includeInitialPrayer && (
              <FormField
                id="journal-initial-prayer"
                label="Initial prayer"
                error={errors.initialPrayer?.message}
              >
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    maxLength={PRAYER_CONTENT_MAX}
                    placeholder="Lord, as I begin this journal..."
                    {...form.register('initialPrayer')}
                  />
                )}
              </FormField>
            )}
          </div>

          {limitMessage && <UpgradeNotice message={limitMessage} />}

          <DialogActions
            onCancel={() => changeOpen(false)}
            label="Create Journal"
            pendingLabel="Creating..."
            pending={createJournal.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
