import { useEffect, useRef } from 'react';

/** What loading the next page needs of an infinite query (TanStack's own field names). */
export interface LoadMoreQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Endless scrolling for an infinite query: put the returned ref on an element below the list
 * (the 'Load more' row); when it scrolls into view (within `rootMargin`), the next page loads.
 * Without IntersectionObserver nothing happens and the 'Load more' button remains the way. After
 * a next page failed it waits for the row's 'Retry': the row is still in view, and asking again
 * on every answer would repeat the failing request without end.
 */
export function useLoadMoreOnScroll(
  { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: LoadMoreQuery,
  rootMargin?: string,
) {
  const sentinel = useRef<HTMLDivElement>(null);
  const waiting = !hasNextPage || isFetchNextPageError;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || waiting || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      rootMargin === undefined ? undefined : { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [waiting, isFetchingNextPage, fetchNextPage, rootMargin]);

  return sentinel;
}
