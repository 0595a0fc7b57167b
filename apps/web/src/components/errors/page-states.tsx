import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * A page's item that is missing, or that the user may not see (the server answers both with
 * 404): its icon, a heading, what happened, and a way back to the list.
 */
export function ItemNotFound({
  icon: Icon,
  title,
  message,
  backHref,
  backLabel,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <Button asChild variant="outline">
        <Link to={backHref}>{backLabel}</Link>
      </Button>
    </div>
  );
}

/** Any other failure to load a page's item, with a way to try again. */
export function PageLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex min-h-[50dvh] flex-col items-center justify-center gap-4 text-center"
    >
      <h1 className="text-2xl font-semibold tracking-tight">Error</h1>
      <p className="max-w-md text-destructive">Error: {message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * A list or panel whose first load failed, in its place: what failed (`message`), the server's
 * reason when the list shows one (`detail`), and 'Try again'.
 */
export function ListLoadError({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail?: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 px-6 py-10 text-center"
    >
      <p className="text-sm font-medium text-destructive">{message}</p>
      {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
