import { ReminderInputSchema } from '@selah/shared/schemas/notifications';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { LOAD_REMINDER_ERROR, useReminder } from '../api/get-reminder';
import { SAVE_REMINDER_ERROR, useUpdateReminder } from '../api/update-reminder';

/** 'America/New_York' reads as 'America/New York'. */
const readableZone = (timeZone: string) => timeZone.replace(/_/g, ' ');

// Made on first use, not at module load (ADR 028).
let clockFormat: Intl.DateTimeFormat | undefined;
const clock = () =>
  (clockFormat ??= new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }));

/** '06:30' reads as '6:30 AM', as the time field shows it. */
function readableTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return clock().format(Date.UTC(2000, 0, 1, hours, minutes));
}

function ReminderForm({
  saved,
  timeZone,
  remindersOn,
}: {
  saved: string | null;
  timeZone: string;
  remindersOn: boolean | undefined;
}) {
  const id = useId();
  const save = useUpdateReminder();
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (time: string | null) => {
    if (save.isPending) return;
    const parsed = ReminderInputSchema.safeParse({ time });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please choose a time as HH:MM.');
      return;
    }
    setError(null);
    save.mutate(parsed.data.time, {
      onSuccess: (result) =>
        result.time
          ? toast.success('Reminder time saved.', {
              description: `We'll remind you every day at ${readableTime(result.time)} (${readableZone(result.timeZone)}).`,
            })
          : toast.success('Daily reminder turned off.'),
      onError: (failure) =>
        toast.error('Error', { description: getErrorMessage(failure, SAVE_REMINDER_ERROR) }),
    });
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit(value || null);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>Reminder time</Label>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            id={id}
            type="time"
            step={60}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="w-32 dark:[color-scheme:dark]"
          />
          {/* aria-disabled, not disabled: a button that disables itself would drop the focus. */}
          <Button type="submit" aria-disabled={save.isPending} className="aria-disabled:opacity-50">
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-disabled={save.isPending || (saved === null && value === '')}
            className="aria-disabled:opacity-50"
            onClick={() => {
              if (saved === null && value === '') return;
              setValue('');
              if (saved !== null) submit(null);
            }}
          >
            Clear
          </Button>
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {saved ? `Every day at ${readableTime(saved)}` : 'No daily reminder is set'}, in your time
          zone: <span className="font-medium text-foreground">{readableZone(timeZone)}</span>.
        </p>
        {error && (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      {remindersOn === false && saved && (
        <p className="text-sm text-muted-foreground">
          Prayer reminders are switched off above, so this reminder is not sent.
        </p>
      )}
    </form>
  );
}

/**
 * The daily prayer reminder: a time of day (HH:MM) in the user's time zone as the server knows
 * it, saved with PUT /notifications/reminder, or cleared.
 */
export function ReminderTimeCard({ remindersOn }: { remindersOn: boolean | undefined }) {
  const reminder = useReminder();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Daily prayer reminder</h2>
        </CardTitle>
        <CardDescription>A quiet nudge to pray, every day at the time you pick.</CardDescription>
      </CardHeader>
      <CardContent>
        {reminder.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading your reminder...</span>
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-9 w-full max-w-60" />
          </div>
        ) : reminder.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-destructive">
              {getErrorMessage(reminder.error, LOAD_REMINDER_ERROR)}
            </p>
            <Button size="sm" variant="outline" onClick={() => void reminder.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ReminderForm
            saved={reminder.data.time}
            timeZone={reminder.data.timeZone}
            remindersOn={remindersOn}
          />
        )}
      </CardContent>
    </Card>
  );
}
