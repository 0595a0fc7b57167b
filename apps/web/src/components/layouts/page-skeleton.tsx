import { Skeleton } from '@/components/ui/skeleton';

/** Shown while the first route module loads. */
export function PageSkeleton() {
  return (
    <div
      data-slot="page-skeleton"
      className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10"
      aria-busy="true"
    >
      <span className="sr-only" role="status">
        Loading...
      </span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
