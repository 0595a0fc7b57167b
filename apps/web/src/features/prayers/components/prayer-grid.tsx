import type { Prayer, PrayerPage } from '@selah/shared/schemas/prayers';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type * as React from 'react';
import { ListLoadError } from '@/components/errors/page-states';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { PrayerCard, type RenderPrayed } from './prayer-card';

/** Columns follow the space the list has (container queries), not the window. */
const GRID = 'grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3';

/** A dashed card that starts a new prayer ('Add New Prayer'). */
export function AddPrayerCard({
  onClick,
  label = 'Add New Prayer',
  className,
}: {
  onClick: () => void;
  label?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'flex min-h-44 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-5 text-sm font-medium text-muted-foreground transition-colors outline-none',
        'hover:border-ring/60 hover:bg-accent/50 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Plus className="size-5" aria-hidden="true" />
      </span>
      {label}
    </button>
  );
}

export function PrayerGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="@container" aria-hidden="true" data-slot="prayer-grid-skeleton">
      <div className={GRID}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="flex min-h-44 flex-col gap-3 rounded-xl border p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            <div className="mt-auto flex gap-2">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-5 w-16" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A page-by-page list of prayer cards followed by the 'Add New Prayer' card, with its loading,
 * error and empty states and a 'Load more' button while the server has more.
 */
export function PrayerGrid({
  query,
  empty,
  errorMessage,
  onOpen,
  onAdd,
  showJournal = false,
  renderPrayed,
}: {
  query: UseInfiniteQueryResult<InfiniteData<PrayerPage>>;
  /** What an empty list says (spec-1 §2 empty texts). */
  empty: React.ReactNode;
  errorMessage: string;
  onOpen: (prayer: Prayer) => void;
  onAdd: () => void;
  showJournal?: boolean;
  renderPrayed: RenderPrayed;
}) {
  if (query.isPending) {
    return (
      <>
        <span className="sr-only" role="status">
          Loading prayers...
        </span>
        <PrayerGridSkeleton />
      </>
    );
  }
  // A first load that failed; a failed next page keeps the list and says so below it.
  if (!query.data) {
    return <ListLoadError message={errorMessage} onRetry={() => void query.refetch()} />;
  }
  const prayers = query.data.pages.flatMap((page) => page.data);
  return (
    <div className="@container grid gap-4">
      {prayers.length === 0 && (
        <div className="rounded-xl border border-dashed px-6 py-8 text-center text-sm text-muted-foreground">
          {empty}
        </div>
      )}
      <ul className={GRID} aria-label="Prayers" aria-busy={query.isFetching || undefined}>
        {prayers.map((prayer) => (
          <li key={prayer._id} className="grid">
            <PrayerCard
              prayer={prayer}
              onOpen={onOpen}
              showJournal={showJournal}
              renderPrayed={renderPrayed}
            />
          </li>
        ))}
        <li className="grid">
          <AddPrayerCard onClick={onAdd} />
        </li>
      </ul>
      <LoadMoreRow query={query} />
    </div>
  );
}
