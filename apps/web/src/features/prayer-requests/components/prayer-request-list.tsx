import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import type { ReactNode } from 'react';
import { ListLoadError } from '@/components/errors/page-states';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadMoreOnScroll } from '@/hooks/use-load-more-on-scroll';
import {
  LOAD_REQUESTS_ERROR,
  usePrayerRequests,
  type PrayerRequestsFilter,
} from '../api/get-prayer-requests';
import { PrayerRequestCard, type RenderRequestPrayed } from './prayer-request-card';

const GRID = 'grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3';

function ListSkeleton() {
  return (
    <div className={GRID} aria-hidden="true">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex min-h-52 flex-col gap-3 rounded-xl border p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <div className="mt-auto flex gap-2">
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-5 w-24" />
          </div>
          <Skeleton className="h-8 w-28" />
        </div>
      ))}
    </div>
  );
}

/**
 * A page-by-page list of prayer requests with its loading, error and empty states. The next page
 * loads when the end of the list scrolls into view, or with 'Load more'.
 */
export function PrayerRequestList({
  filter,
  empty,
  onOpen,
  onEdit,
  renderPrayed,
}: {
  filter: PrayerRequestsFilter;
  empty: ReactNode;
  onOpen: (request: PrayerRequest) => void;
  onEdit: (request: PrayerRequest) => void;
  renderPrayed: RenderRequestPrayed;
}) {
  const query = usePrayerRequests(filter);
  const sentinel = useLoadMoreOnScroll(query);

  if (query.isPending) {
    return (
      <div className="@container">
        <span className="sr-only" role="status">
          Loading prayer requests...
        </span>
        <ListSkeleton />
      </div>
    );
  }
  // A first load that failed; a failed next page keeps the list and says so below it.
  if (!query.data) {
    return <ListLoadError message={LOAD_REQUESTS_ERROR} onRetry={() => void query.refetch()} />;
  }
  const requests = query.data.pages.flatMap((page) => page.data);
  if (requests.length === 0) {
    return (
      <div className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
        {empty}
      </div>
    );
  }
  return (
    <div className="@container grid gap-4">
      <ul className={GRID} aria-label="Prayer requests" aria-busy={query.isFetching || undefined}>
        {requests.map((request) => (
          <li key={request._id} className="grid">
            <PrayerRequestCard
              request={request}
              onOpen={onOpen}
              onEdit={onEdit}
              renderPrayed={renderPrayed}
            />
          </li>
        ))}
      </ul>
      <LoadMoreRow sentinel={sentinel} query={query} />
    </div>
  );
}
