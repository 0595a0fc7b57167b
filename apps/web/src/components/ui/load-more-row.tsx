import { Loader2 } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import type { LoadMoreQuery } from '@/hooks/use-load-more-on-scroll';
import { getErrorMessage } from '@/lib/api-client';

export const LOAD_MORE_FAILED = 'The next page could not be loaded.';

/**
 * The row below a page-by-page list while the server has more: 'Load more' (for keyboards, and
 * browsers without IntersectionObserver), the element `useLoadMoreOnScroll` watches when given
 * its `sentinel`, and, when the next page failed, the reason with 'Retry' (scrolling does not
 * ask again by itself, so a failing page is not requested over and over).
 */
export function LoadMoreRow({
  sentinel,
  query,
}: {
  sentinel?: RefObject<HTMLDivElement | null>;
  query: LoadMoreQuery & { error?: unknown };
}) {
  const failed = query.isFetchNextPageError && !query.isFetchingNextPage;
  if (!query.hasNextPage && !failed) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2">
      {failed && (
        <p role="alert" className="text-center text-sm text-destructive">
          {getErrorMessage(query.error, LOAD_MORE_FAILED)}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
          {query.isFetchingNextPage ? 'Loading more...' : failed ? 'Retry' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
