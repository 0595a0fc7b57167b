import type { Prayer } from '@selah/shared/schemas/prayers';
import { BookMarked, Globe, Lock } from 'lucide-react';
import type * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { CategoryBadge, DueMarks, PrayerStatusBadge } from './prayer-card';

/**
 * A prayer's badges: its category, its status and who may see it. `children` go on the same row
 * (the prayer page adds its journal).
 */
export function PrayerBadges({
  prayer,
  children,
  className,
}: {
  prayer: Pick<Prayer, 'category' | 'status' | 'isPrivate' | 'due' | 'urgent'>;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-2', className)}>
      <CategoryBadge category={prayer.category} />
      <PrayerStatusBadge status={prayer.status} />
      <Badge variant="outline" className="gap-1 text-muted-foreground">
        {prayer.isPrivate ? <Lock aria-hidden="true" /> : <Globe aria-hidden="true" />}
        {prayer.isPrivate ? 'Private' : 'Public'}
      </Badge>
      <DueMarks prayer={prayer} />
      {children}
    </div>
  );
}

/**
 * What a prayer says, read in the details dialog and on the prayer's page: its text (or that
 * none was written) and its memory verse. `className` sets the size of the text.
 */
export function PrayerBody({
  prayer,
  className,
}: {
  prayer: Pick<Prayer, 'content' | 'memoryVerse'>;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-4', className)}>
      <p className="whitespace-pre-wrap">
        {prayer.content || (
          <span className="text-muted-foreground">No details were written for this prayer.</span>
        )}
      </p>
      {prayer.memoryVerse && (
        <figure className="grid gap-1 rounded-lg border-l-4 border-primary bg-muted/50 px-4 py-3">
          <figcaption className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <BookMarked className="size-3.5" aria-hidden="true" />
            Memory verse
          </figcaption>
          <blockquote className="italic">“{prayer.memoryVerse.verse}”</blockquote>
          <p className="text-sm font-medium">{prayer.memoryVerse.reference}</p>
        </figure>
      )}
    </div>
  );
}
