import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { HandHeart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useRecordPrayed } from '../api/record-prayed';

export const PRAYED_ERROR = 'Your prayer could not be recorded. Please try again.';

/**
 * "Prayed": records that the user prayed this prayer today (issue 20 §4) and says so in a toast.
 * On a card it sits above the card's own button (which opens the details). The prayer page shows
 * it, and the route modules put it in the prayers feature's cards (`renderPrayed`).
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

/**
 * "Prayed" on any request not yet answered, a friend's or one's own, committed or not: records
 * today's prayer (issue 20 §4); a 'once' commitment ends with it. The route module puts it in
 * the prayer-requests feature's cards and details dialog (`renderPrayed`).
 */
export function RequestPrayedButton({
  request,
}: {
  request: Pick<PrayerRequest, '_id' | 'title' | 'status'>;
}) {
  const prayed = useRecordPrayed();
  if (request.status === 'answered') return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={prayed.isPending}
      aria-label={`Prayed for "${request.title}"`}
      onClick={() =>
        prayed.mutate(
          { kind: 'request', id: request._id, source: 'card' },
          {
            onSuccess: () =>
              toast.success('Prayed', {
                description: `Your prayer for "${request.title}" is recorded.`,
              }),
            onError: () =>
              toast.error('Error', {
                description: 'Failed to record your prayer. Please try again.',
              }),
          },
        )
      }
    >
      <HandHeart aria-hidden="true" />
      Prayed
    </Button>
  );
}
