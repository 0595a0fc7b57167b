import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { Check, HandHeart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useMarkPraying } from '../api/mark-praying';
import { useUnmarkPraying } from '../api/unmark-praying';

/**
 * "I'm Praying", which becomes an outline 'Praying' button once the signed-in user prays for the
 * request (spec-2 §4, decisions §2: compared with the real user, via the server's isPraying).
 * Clicking 'Praying' takes the mark back.
 */
export function PrayingButton({
  request,
  className,
}: {
  request: Pick<PrayerRequest, '_id' | 'isPraying'>;
  className?: string;
}) {
  const mark = useMarkPraying();
  const unmark = useUnmarkPraying();
  const busy = mark.isPending || unmark.isPending;

  const onClick = () => {
    if (request.isPraying) {
      unmark.mutate(request._id, {
        onSuccess: ({ message }) => toast.success(message || 'Prayer response removed!'),
        onError: () =>
          toast.error('Error', {
            description: 'Failed to unmark as praying. Please try again.',
          }),
      });
    } else {
      mark.mutate(request._id, {
        onSuccess: ({ message }) => toast.success(message || 'Prayer response recorded!'),
        onError: () =>
          toast.error('Error', { description: 'Failed to mark as praying. Please try again.' }),
      });
    }
  };

  return (
    <Button
      size="sm"
      variant={request.isPraying ? 'outline' : 'default'}
      aria-pressed={request.isPraying}
      onClick={onClick}
      disabled={busy}
      className={cn(className)}
    >
      {request.isPraying ? <Check aria-hidden="true" /> : <HandHeart aria-hidden="true" />}
      {request.isPraying ? 'Praying' : "I'm Praying"}
    </Button>
  );
}
