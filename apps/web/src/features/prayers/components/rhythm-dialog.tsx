import type { Prayer } from '@selah/shared/schemas/prayers';
import { RHYTHM_KINDS, type RhythmInput, type RhythmKind } from '@selah/shared/schemas/practice';
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import { Button } from '@/components/ui/button';
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
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSetPrayerRhythm } from '../api/set-prayer-rhythm';
import { addDays } from '@/lib/calendar-day';
import { describeRhythm, formatLocalDay, localToday, WEEKDAYS } from '../utils/rhythm';

const KIND_LABELS: Record<RhythmKind, { label: string; hint: string }> = {
  none: { label: 'No rhythm', hint: 'Pray it whenever you like.' },
  daily: { label: 'Daily', hint: 'Every day.' },
  weekdays: { label: 'Weekdays', hint: 'Monday to Friday.' },
  weekly: { label: 'Weekly', hint: 'On the days you choose.' },
  monthly: { label: 'Monthly', hint: 'On one day of the month.' },
  until: { label: 'Until a date', hint: 'Every day up to a last day.' },
};

interface Draft {
  kind: RhythmKind;
  days: number[];
  dayOfMonth: string;
  until: string;
  snoozeUntil: string | null;
  urgent: boolean;
}

const draftOf = (prayer: Prayer): Draft => ({
  kind: prayer.rhythm.kind,
  days: prayer.rhythm.days ?? [],
  dayOfMonth: prayer.rhythm.dayOfMonth ? String(prayer.rhythm.dayOfMonth) : '',
  until: prayer.rhythm.until ?? '',
  snoozeUntil: prayer.rhythm.snoozeUntil,
  urgent: prayer.urgent,
});

/** What to send: the kind's own fields only (the server refuses the others). */
function inputOf(draft: Draft): RhythmInput | string {
  const base = { snoozeUntil: draft.snoozeUntil, urgent: draft.urgent };
  switch (draft.kind) {
    case 'weekly':
      if (draft.days.length === 0) return 'Choose at least one day of the week.';
      return { kind: 'weekly', days: draft.days, ...base };
    case 'monthly': {
      const day = Number(draft.dayOfMonth);
      if (!Number.isInteger(day) || day < 1 || day > 31)
        return 'The day of the month is a number from 1 to 31.';
      return { kind: 'monthly', dayOfMonth: day, ...base };
    }
    case 'until':
      if (!draft.until) return 'Choose the last day.';
      return { kind: 'until', until: draft.until, ...base };
    default:
      return { kind: draft.kind, ...base };
  }
}

/**
 * The rhythm editor (issue 20 §2): how often the author means to pray the prayer, a snooze
 * ("tomorrow", "next week", a date) and a star for urgent. The kind is a radio group, the
 * weekdays are toggle buttons; everything works from the keyboard.
 */
export function RhythmDialog({
  prayer,
  open,
  onOpenChange,
}: {
  prayer: Prayer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {open && <RhythmForm prayer={prayer} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RhythmForm({ prayer, onDone }: { prayer: Prayer; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(prayer));
  const [error, setError] = useState<string | undefined>(undefined);
  const setRhythm = useSetPrayerRhythm();
  const today = localToday();
  const change = (patch: Partial<Draft>) => {
    setError(undefined);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = inputOf(draft);
    if (typeof input === 'string') {
      setError(input);
      return;
    }
    setRhythm.mutate(
      { id: prayer._id, rhythm: input },
      {
        onSuccess: (updated) => {
          toast.success('Rhythm saved', {
            description: `${describeRhythm(updated.rhythm)}${updated.due ? ' · due today' : ''}.`,
          });
          onDone();
        },
        onError: (err) => setError(getErrorMessage(err, 'The rhythm could not be saved.')),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Rhythm</DialogTitle>
        <DialogDescription>
          When do you mean to pray “{prayer.title}”? Due prayers come first when you pray.
        </DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">How often</legend>
        <RadioGroup
          value={draft.kind}
          onValueChange={(value) => change({ kind: value as RhythmKind })}
          className="grid grid-cols-2 gap-2"
        >
          {RHYTHM_KINDS.map((kind) => (
            <Label
              key={kind}
              htmlFor={`${id}-kind-${kind}`}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 font-normal',
                'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5',
              )}
            >
              <RadioGroupItem id={`${id}-kind-${kind}`} value={kind} className="mt-0.5" />
              <span className="grid gap-0.5">
                <span className="font-medium">{KIND_LABELS[kind].label}</span>
                <span className="text-xs text-muted-foreground">{KIND_LABELS[kind].hint}</span>
              </span>
            </Label>
          ))}
        </RadioGroup>
      </fieldset>

      {draft.kind === 'weekly' && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">On these days</legend>
          <div className="flex flex-wrap gap-1.5">
            {WEEKDAYS.map(({ day, short, long }) => {
              const on = draft.days.includes(day);
              return (
                <Button
                  key={day}
                  type="button"
                  size="sm"
                  variant={on ? 'default' : 'outline'}
                  aria-pressed={on}
                  aria-label={long}
                  className="min-w-11"
                  onClick={() =>
                    change({
                      days: on
                        ? draft.days.filter((d) => d !== day)
                        : [...draft.days, day].sort((a, b) => a - b),
                    })
                  }
                >
                  {short}
                </Button>
              );
            })}
          </div>
        </fieldset>
      )}

      {draft.kind === 'monthly' && (
        <FormField
          id={`${id}-day-of-month`}
          label="Day of the month"
          hint="In shorter months, the month's last day."
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={31}
              className="w-28"
              value={draft.dayOfMonth}
              onChange={(event) => change({ dayOfMonth: event.target.value })}
            />
          )}
        </FormField>
      )}

      {draft.kind === 'until' && (
        <FormField id={`${id}-until`} label="Last day">
          {(props) => (
            <Input
              {...props}
              type="date"
              min={today}
              className="w-48"
              value={draft.until}
              onChange={(event) => change({ until: event.target.value })}
            />
          )}
        </FormField>
      )}

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Snooze</legend>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {draft.snoozeUntil
            ? `Resting until ${formatLocalDay(draft.snoozeUntil)}.`
            : 'Not snoozed.'}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => change({ snoozeUntil: addDays(today, 1) })}
          >
            Tomorrow
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => change({ snoozeUntil: addDays(today, 7) })}
          >
            Next week
          </Button>
          <Label htmlFor={`${id}-snooze`} className="sr-only">
            Snooze until a date
          </Label>
          <Input
            id={`${id}-snooze`}
            type="date"
            min={addDays(today, 1)}
            className="w-44"
            value={draft.snoozeUntil ?? ''}
            onChange={(event) => change({ snoozeUntil: event.target.value || null })}
          />
          {draft.snoozeUntil && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => change({ snoozeUntil: null })}
            >
              Wake now
            </Button>
          )}
        </div>
      </fieldset>

      <Button
        type="button"
        variant="outline"
        aria-pressed={draft.urgent}
        className="w-fit"
        onClick={() => change({ urgent: !draft.urgent })}
      >
        <Star
          aria-hidden="true"
          className={cn(draft.urgent && 'fill-amber-400 text-amber-500 dark:text-amber-400')}
        />
        {draft.urgent ? 'Starred as urgent' : 'Star as urgent'}
      </Button>

      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <DialogActions
        onCancel={onDone}
        label="Save rhythm"
        pendingLabel="Saving..."
        pending={setRhythm.isPending}
      />
    </form>
  );
}
