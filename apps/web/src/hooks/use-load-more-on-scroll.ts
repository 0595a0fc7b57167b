import { useEffect, useRef } from 'react';

/**
 * Endless scrolling for an infinite query: put the returned ref on an element below the list
 * (the 'Load more' row); when it scrolls into view (within `rootMargin`), the next page loads.
 * Without IntersectionObserver nothing happens and the 'Load more' button remains the way.
 */
export function useLoadMoreOnScroll(
  {
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> },
  rootMargin?: string,
) {
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
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
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rootMargin]);

  return sentinel;
}
