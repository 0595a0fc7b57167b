import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { NotFoundScreen } from './not-found-screen';

/** A lazy route chunk that no longer exists on the server (a new version was deployed). */
function isStaleChunkError(error: unknown) {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/** The router's error element (React Router `errorElement`), status-aware. */
export function RouteError() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;

  const detail = isStaleChunkError(error)
    ? 'A new version of Selah is available. Reload the page to continue.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : 'Something went wrong on this page. Please try again.';

  return (
    <div
      role="alert"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <TriangleAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted-foreground">{detail}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
