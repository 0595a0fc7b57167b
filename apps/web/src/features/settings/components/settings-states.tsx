import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { LOAD_SETTINGS_FAILED } from '../api/get-settings';

/** While the settings load. */
export function SettingsSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span role="status" className="sr-only">
        Loading settings...
      </span>
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}

/** The settings could not be loaded. */
export function SettingsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-dashed p-6 text-sm">
      <p className="font-medium">Error</p>
      <p className="text-muted-foreground">{getErrorMessage(error, LOAD_SETTINGS_FAILED)}</p>
      <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
