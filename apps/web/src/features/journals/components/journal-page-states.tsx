import { BookX } from 'lucide-react';
import { ItemNotFound, PageLoadError } from '@/components/errors/page-states';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

/** The journal page's loading state, shaped like the page so nothing jumps when it arrives. */
export function JournalPageSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <p role="status" className="sr-only">
        Loading journal...
      </p>
      <div className="grid gap-4">
        <Skeleton className="h-8 w-20" />
        <div className="flex flex-col gap-4 lg:flex-row lg:justify-between">
          <div className="grid gap-2">
            <Skeleton className="h-9 w-72 max-w-full" />
            <Skeleton className="h-5 w-56" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-9 w-24" />
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-9 w-24" />
          </div>
        </div>
        <Skeleton className="h-5 w-full max-w-2xl" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          <Skeleton className="h-9 w-48" />
          <div className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-40" />
            ))}
          </div>
        </div>
        <div className="grid content-start gap-4">
          <Skeleton className="h-64" />
          <Skeleton className="h-48" />
        </div>
      </div>
    </div>
  );
}

/** A missing journal, or one the user may not see (the server answers both with 404). */
export function JournalNotFound() {
  return (
    <ItemNotFound
      icon={BookX}
      title="Journal Not Found"
      message="The journal you are looking for does not exist or you do not have access."
      backHref={paths.app.journals.getHref()}
      backLabel="Back to My Journals"
    />
  );
}

/** Any other failure to load the journal, with a way to try again. */
export const JournalLoadError = PageLoadError;
