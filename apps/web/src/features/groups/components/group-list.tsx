import { ListLoadError } from '@/components/errors/page-states';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import { useLoadMoreOnScroll } from '@/hooks/use-load-more-on-scroll';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAuthStore } from '@/stores/auth-store';
import { useErrorToast } from '@/hooks/use-error-toast';
import { LOAD_GROUPS_FAILED, useGroupPages } from '../api/get-groups';
import { GroupCard, GroupCardSkeleton } from './group-card';

/** One column on phones, two once the list itself is wide enough. */
const GRID = 'grid grid-cols-1 gap-4 @xl:grid-cols-2';

function Skeletons({ count }: { count: number }) {
  return (
    <div className={GRID} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <GroupCardSkeleton key={index} />
      ))}
    </div>
  );
}

/**
 * Every group the user can see, searched by name or description on the server, page by page as
 * the user scrolls (an IntersectionObserver watches the end of the list), with a 'Load more'
 * button for keyboards and browsers without the observer.
 */
export function GroupList({ search }: { search: string }) {
  const groups = useGroupPages({ scope: 'all', search });
  // A Free user cannot start a group (the page says so above the list): no call to create one.
  const onFree = useAuthStore((state) => state.user?.plan === 'free');
  const { isFetchingNextPage } = groups;
  // While a new search loads, the next page on screen is the previous search's: none to load.
  const loadMore = {
    hasNextPage: groups.hasNextPage && !groups.isPlaceholderData,
    isFetchingNextPage,
    isFetchNextPageError: groups.isFetchNextPageError,
    fetchNextPage: groups.fetchNextPage,
    error: groups.error,
  };
  const sentinel = useLoadMoreOnScroll(loadMore, '400px 0px');
  const firstLoadError = groups.isError && !groups.data ? groups.error : null;
  useErrorToast(firstLoadError, 'Error', LOAD_GROUPS_FAILED);

  if (groups.isPending) {
    return (
      <div className="@container" aria-busy="true">
        <p role="status" className="sr-only">
          Loading prayer groups...
        </p>
        <Skeletons count={4} />
      </div>
    );
  }

  if (firstLoadError) {
    return (
      <ListLoadError
        message={LOAD_GROUPS_FAILED}
        detail={getErrorMessage(firstLoadError)}
        onRetry={() => void groups.refetch()}
      />
    );
  }

  const list = groups.data?.pages.flatMap((page) => page.data) ?? [];
  // A new search is on its way while the previous results stay on screen.
  const searching = groups.isPlaceholderData;

  if (list.length === 0) {
    return (
      <div className="grid gap-1 rounded-xl border border-dashed px-6 py-12 text-center">
        <p className="font-medium">No prayer groups found.</p>
        <p className="text-sm text-muted-foreground">
          {search
            ? 'Try another name or word from a description.'
            : onFree
              ? 'Groups you are invited to, and public groups your friends pray in, appear here.'
              : 'Create the first one and invite your friends to pray with you.'}
        </p>
      </div>
    );
  }

  return (
    <div className="@container grid gap-4" aria-busy={searching || undefined}>
      <ul
        aria-label="Prayer groups"
        className={cn(GRID, 'transition-opacity', searching && 'opacity-60')}
      >
        {list.map((group) => (
          <li key={group._id} className="min-w-0">
            <GroupCard group={group} />
          </li>
        ))}
      </ul>
      {isFetchingNextPage && (
        <>
          <p role="status" className="sr-only">
            Loading more prayer groups...
          </p>
          <Skeletons count={2} />
        </>
      )}
      <LoadMoreRow sentinel={sentinel} query={loadMore} />
    </div>
  );
}
