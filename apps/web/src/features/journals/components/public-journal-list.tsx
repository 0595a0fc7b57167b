import { ListLoadError } from '@/components/errors/page-states';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import { useLoadMoreOnScroll } from '@/hooks/use-load-more-on-scroll';
import { getErrorMessage } from '@/lib/api-client';
import { useErrorToast } from '@/hooks/use-error-toast';
import {
  LOAD_PUBLIC_JOURNALS_FAILED,
  usePublicJournals,
  type PublicJournalsFilter,
} from '../api/get-public-journals';
import { JournalGrid, JournalGridSkeleton } from './journal-grid';

const EMPTY_TEXT = {
  popular: 'No popular journals found.',
  new: 'No new journals found.',
  trending: 'No trending journals found.',
} as const;

/**
 * One discover tab: public journals searched on the server, loaded page by page as the user
 * scrolls (an IntersectionObserver watches the end of the list), with a 'Load more' button for
 * keyboards and browsers without the observer.
 */
export function PublicJournalList({ filter }: { filter: PublicJournalsFilter }) {
  const query = usePublicJournals(filter);
  const { isFetchingNextPage } = query;
  const sentinel = useLoadMoreOnScroll(query, '400px 0px');

  useErrorToast(
    query.isError && !query.data ? query.error : null,
    'Error',
    LOAD_PUBLIC_JOURNALS_FAILED,
  );

  if (query.isPending) {
    return (
      <div className="grid gap-3">
        <p role="status" className="text-sm text-muted-foreground">
          Loading public journals...
        </p>
        <JournalGridSkeleton count={4} />
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <ListLoadError
        message={LOAD_PUBLIC_JOURNALS_FAILED}
        detail={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const journals = query.data.pages.flatMap((page) => page.data);
  if (journals.length === 0) {
    return (
      <p className="rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
        {EMPTY_TEXT[filter.tab]}
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <JournalGrid journals={journals} label="Public journals" />
      {isFetchingNextPage && <JournalGridSkeleton count={2} />}
      <LoadMoreRow sentinel={sentinel} query={query} />
      {isFetchingNextPage && (
        <p role="status" className="sr-only">
          Loading more journals...
        </p>
      )}
    </div>
  );
}
