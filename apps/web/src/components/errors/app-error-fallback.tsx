import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Last-resort screen when the app shell itself fails (outside the router). */
export function AppErrorFallback() {
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <TriangleAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted-foreground">
        Selah ran into a problem it could not recover from. Reloading the page usually helps.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <a href="/">Return to Home</a>
        </Button>
      </div>
    </div>
  );
}
