import { UsersRound } from 'lucide-react';
import { ItemNotFound, PageLoadError } from '@/components/errors/page-states';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

/** The group page's loading state, shaped like the page so nothing jumps when it arrives. */
export function GroupPageSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <p role="status" className="sr-only">
        Loading prayer group...
      </p>
      <div className="grid gap-4">
        <Skeleton className="h-8 w-28" />
        <div className="flex flex-col gap-4 lg:flex-row lg:justify-between">
          <div className="grid gap-2">
            <Skeleton className="h-9 w-72 max-w-full" />
            <Skeleton className="h-5 w-56 max-w-full" />
          </div>
          <Skeleton className="h-9 w-32" />
        </div>
        <Skeleton className="h-5 w-full max-w-2xl" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          <Skeleton className="h-7 w-32" />
          <div className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-36" />
            ))}
          </div>
        </div>
        <div className="grid content-start gap-4">
          <Skeleton className="h-64" />
        </div>
      </div>
    </div>
  );
}

/** A missing group, or a private one the user may not see (the server answers both with 404). */
export function GroupNotFound() {
  return (
    <ItemNotFound
      icon={UsersRound}
      title="Prayer Group Not Found"
      message="The prayer group you are looking for does not exist or you do not have access."
      backHref={paths.app.prayerGroups.getHref()}
      backLabel="Back to Prayer Groups"
    />
  );
}

/** Any other failure to load the group, with a way to try again. */
export const GroupLoadError = PageLoadError;
