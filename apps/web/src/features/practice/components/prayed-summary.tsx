import { HandHeart } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { usePrayerLog } from '../api/get-prayer-log';
import { prayedSummaryText } from '../utils/days';

/** "Prayed 12 times, last on Tuesday": the viewer's own record of a prayer. Announced on change. */
export function PrayedSummary({ prayerId, className }: { prayerId: string; className?: string }) {
  const log = usePrayerLog(prayerId);
  const first = log.data?.pages[0];
  if (log.isPending) return <Skeleton className={cn('h-5 w-48', className)} />;
  if (!first) return null;
  return (
    <p
      role="status"
      data-testid="prayed-summary"
      className={cn('flex items-center gap-1.5 text-sm text-muted-foreground', className)}
    >
      <HandHeart className="size-4 shrink-0 text-primary" aria-hidden="true" />
      {prayedSummaryText(first.summary, first.today)}
    </p>
  );
}
