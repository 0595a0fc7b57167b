import { useId, useState } from 'react';
import { useRecordPrayed } from '../api/record-prayed';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useActivePrayerChoices } from '../api/get-prayer-choices';
import { longDay } from '../utils/days';

export const LATE_ENTRY_ERROR = 'That day could not be filled in. Please try again.';
const ANY = 'any';

/**
 * "I prayed that day": fills in a missed day (at most 7 days back) with one of the user's active
 * prayers, or any (their most recent active one). The day then shows as filled in later.
 */
export function LateEntryDialog({
  day,
  onOpenChange,
}: {
  /** The missed day being filled in; null when closed. */
  day: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState(ANY);
  const choices = useActivePrayerChoices(day !== null);
  const record = useRecordPrayed();
  const prayers = choices.data?.data ?? [];

  const submit = () => {
    if (!day) return;
    const prayerId = choice === ANY ? prayers[0]?._id : choice;
    if (!prayerId) return;
    record.mutate(
      { kind: 'prayer', id: prayerId, day },
      {
        onSuccess: () => {
          toast.success('Filled in', { description: `${longDay(day)} is marked as prayed.` });
          onOpenChange(false);
          setChoice(ANY);
        },
        onError: (error) =>
          toast.error('Error', { description: getErrorMessage(error, LATE_ENTRY_ERROR) }),
      },
    );
  };

  return (
    <Dialog open={day !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>I prayed that day</DialogTitle>
          <DialogDescription>
            {day ? `${longDay(day)}: ` : ''}what did you pray for? The day will show as filled in
            later.
          </DialogDescription>
        </DialogHeader>
        {choices.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only" role="status">
              Loading your prayers...
            </span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : prayers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            You have no active prayers to fill the day in with.
          </p>
        ) : (
          <RadioGroup
            value={choice}
            onValueChange={setChoice}
            aria-label="What you prayed for"
            className="grid gap-2"
          >
            {[{ _id: ANY, title: 'Any of my prayers' }, ...prayers].map((prayer) => (
              <Label
                key={prayer._id}
                htmlFor={`${id}-${prayer._id}`}
                className="items-center gap-3 rounded-md border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
              >
                <RadioGroupItem id={`${id}-${prayer._id}`} value={prayer._id} />
                <span className="min-w-0">{prayer.title}</span>
              </Label>
            ))}
          </RadioGroup>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={record.isPending || prayers.length === 0}>
            {record.isPending ? 'Saving...' : 'Fill in'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
