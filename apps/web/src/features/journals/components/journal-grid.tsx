import type { Journal } from '@selah/shared/schemas/journals';
import type * as React from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { JournalCard } from './journal-card';

/** 1 to 4 columns by the width of the grid itself (spec-1 §9). */
const GRID = 'grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3 @6xl:grid-cols-4';

/** Journal cards in a responsive grid, optionally followed by a trailing card (create). */
export function JournalGrid({
  journals,
  trailing,
  label,
}: {
  journals: Journal[];
  trailing?: React.ReactNode;
  /** The list's accessible name. */
  label?: string;
}) {
  return (
    <div className="@container">
      <ul className={GRID} aria-label={label}>
        {journals.map((journal) => (
          <li key={journal._id} className="min-w-0">
            <JournalCard journal={journal} />
          </li>
        ))}
        {trailing && <li className="min-w-0">{trailing}</li>}
      </ul>
    </div>
  );
}

/** A card-shaped placeholder with the journal card's proportions. */
export function JournalCardSkeleton() {
  return (
    <Card className="h-full gap-4 py-5" aria-hidden="true">
      <CardHeader className="gap-2 px-5">
        <div className="flex items-start justify-between gap-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-14" />
        </div>
        <Skeleton className="h-5 w-16" />
      </CardHeader>
      <CardContent className="grid gap-4 px-5">
        <div className="grid min-h-10 gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
        <Skeleton className="h-4 w-3/4" />
      </CardContent>
      <CardFooter className="justify-between px-5">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-8 w-24" />
      </CardFooter>
    </Card>
  );
}

/** The loading state of a journal grid; `label`, when given, is announced to screen readers. */
export function JournalGridSkeleton({ count = 4, label }: { count?: number; label?: string }) {
  return (
    <div className="@container" aria-busy="true">
      {label && (
        <p role="status" className="sr-only">
          {label}
        </p>
      )}
      <div className={GRID}>
        {Array.from({ length: count }, (_, index) => (
          <JournalCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
