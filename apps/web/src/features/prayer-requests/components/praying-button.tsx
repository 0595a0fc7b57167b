import type {
  Commitment,
  CommitmentCadence,
  PrayerRequest,
} from '@selah/shared/schemas/prayer-requests';
import { Check, ChevronDown, HandHeart, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useMarkPraying } from '../api/mark-praying';
import { useUnmarkPraying } from '../api/unmark-praying';

/** The ways to commit, as "I'm Praying" offers them (issue 20 §3). */
export const CADENCE_CHOICES: { cadence: CommitmentCadence; label: string }[] = [
  { cadence: 'once', label: 'Pray once today' },
  { cadence: 'daily7', label: 'Daily for 7 days' },
  { cadence: 'untilAnswered', label: 'Until answered' },
];

/** What the button says while a commitment runs. */
export function commitmentText(commitment: Commitment): string {
  switch (commitment.cadence) {
    case 'once':
      return 'Praying today';
    case 'untilAnswered':
      return 'Praying until answered';
    case 'daily7': {
      // Counted by the server in the user's own time zone, not from this device's date.
      const left = commitment.daysLeft ?? 0;
      return `Praying daily · ${left} ${left === 1 ? 'day' : 'days'} left`;
    }
  }
}

/**
 * "I'm Praying", which asks how (once today, daily for 7 days, until answered) and, once the
 * signed-in user is committed, shows the running commitment with a menu to change or stop it
 * (spec-2 §4, issue 20 §3). Nothing to commit to on an answered request.
 */
export function PrayingButton({
  request,
  className,
}: {
  request: Pick<PrayerRequest, '_id' | 'isPraying' | 'commitment' | 'status'>;
  className?: string;
}) {
  const mark = useMarkPraying();
  const unmark = useUnmarkPraying();
  const busy = mark.isPending || unmark.isPending;
  if (request.status === 'answered') return null;
  const running = request.isPraying && request.commitment?.running === true;

  const commit = (cadence: CommitmentCadence) =>
    mark.mutate(
      { id: request._id, cadence },
      {
        onSuccess: ({ message }) => toast.success(message || 'Prayer response recorded!'),
        onError: () =>
          toast.error('Error', { description: 'Failed to mark as praying. Please try again.' }),
      },
    );
  const stop = () =>
    unmark.mutate(request._id, {
      onSuccess: ({ message }) => toast.success(message || 'Prayer response removed!'),
      onError: () =>
        toast.error('Error', { description: 'Failed to unmark as praying. Please try again.' }),
    });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          variant={running ? 'outline' : 'default'}
          disabled={busy}
          className={cn(className)}
        >
          {running ? <Check aria-hidden="true" /> : <HandHeart aria-hidden="true" />}
          {running && request.commitment ? commitmentText(request.commitment) : "I'm Praying"}
          <ChevronDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>
          {running ? 'Change how you pray' : 'How will you pray?'}
        </DropdownMenuLabel>
        {CADENCE_CHOICES.map((choice) => (
          <DropdownMenuItem key={choice.cadence} onSelect={() => commit(choice.cadence)}>
            {choice.label}
          </DropdownMenuItem>
        ))}
        {running && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={stop}>
              <X aria-hidden="true" />
              Stop praying
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
