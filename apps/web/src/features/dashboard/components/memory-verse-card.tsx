import { BookMarked } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDailyInspiration } from '../api/get-daily-inspiration';

/** Same height as the loaded card, so nothing jumps when the verse arrives. */
export function MemoryVerseSkeleton() {
  return (
    <Card className="gap-4" aria-hidden="true" data-slot="memory-verse-skeleton">
      <CardHeader>
        <Skeleton className="h-5 w-32" />
      </CardHeader>
      <CardContent className="grid gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-24" />
      </CardContent>
    </Card>
  );
}

/**
 * Today's memory verse (loaded lazily by the dashboard, with its own query): one of the user's own
 * memory verses when they have any, labelled so, else a verse from scripture.
 */
export function MemoryVerseCard() {
  const daily = useDailyInspiration();
  if (daily.isPending) return <MemoryVerseSkeleton />;
  return (
    <Card className="gap-4" role="region" aria-labelledby="memory-verse-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="memory-verse-title" className="flex items-center gap-2 text-base">
          <h2 className="flex items-center gap-2">
            <BookMarked className="size-4 text-primary" aria-hidden="true" />
            Memory Verse
          </h2>
        </CardTitle>
        {daily.data?.memoryVerse.source === 'yours' && (
          <Badge variant="secondary">From your prayers</Badge>
        )}
      </CardHeader>
      <CardContent>
        {daily.isError ? (
          <p className="text-sm text-muted-foreground">
            Today&apos;s verse could not be loaded. Please try again later.
          </p>
        ) : (
          <figure className="grid gap-2">
            <blockquote className="font-serif text-base leading-relaxed italic">
              “{daily.data.memoryVerse.verse}”
            </blockquote>
            <figcaption className="text-sm font-medium text-muted-foreground">
              {daily.data.memoryVerse.reference}
            </figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
