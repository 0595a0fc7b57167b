import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The row below an infinite list: the element `useLoadMoreOnScroll` watches, with a 'Load more'
 * button for keyboards and browsers without IntersectionObserver.
 */
export function LoadMoreRow({
  sentinel,
  query,
}: {
  sentinel: RefObject<HTMLDivElement | null>;
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
}) {
  return (
    <div ref={sentinel} className="flex justify-center">
      {query.hasNextPage && (
        <Button
          variant="outline"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
