import { Skeleton } from '@/components/ui/skeleton';

/** The rhythm view's place while its data (or its module) loads. */
export function RhythmSkeleton() {
  return (
    <div className="grid gap-3 rounded-xl border p-6" aria-hidden="true">
      <Skeleton className="h-5 w-36" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}
