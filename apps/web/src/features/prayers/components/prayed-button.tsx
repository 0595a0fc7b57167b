import { HandHeart } from 'lucide-react';
import { useRecordPrayed } from '@/hooks/use-record-prayed';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

export const PRAYED_ERROR = 'Your prayer could not be recorded. Please try again.';

/**
 * "Prayed": records that the user prayed this prayer today (issue 20 §4) and says so in a toast.
 * On a card it sits above the card's own button (which opens the details).
 */
export function PrayedButton({
  prayerId,
  title,
  describedBy,
  size = 'sm',
  className,
}: {
  prayerId: string;
  title: string;
  /** The id of the prayer's title: a screen reader says "Prayed, <title>". */
  describedBy?: string;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const prayed = useRecordPrayed();
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      className={cn('relative z-10', className)}
      disabled={prayed.isPending}
      aria-describedby={describedBy}
      onClick={() =>
        prayed.mutate(
          { kind: 'prayer', id: prayerId },
          {
            onSuccess: () =>
              toast.success('Prayed', { description: `You prayed for "${title}" today.` }),
            onError: (error) =>
              toast.error('Error', { description: getErrorMessage(error, PRAYED_ERROR) }),
          },
        )
      }
    >
      <HandHeart aria-hidden="true" />
      {prayed.isPending ? 'Recording...' : 'Prayed'}
    </Button>
  );
}
