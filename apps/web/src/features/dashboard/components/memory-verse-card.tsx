import { BookMarked } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDailyInspiration } from '../api/get-daily-inspiration';
import { MemoryVerseSkeleton } from './memory-verse-skeleton';

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
