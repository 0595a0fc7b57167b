import { Crown } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** The way up to a paid plan: a link to /pricing (decisions §3: an Upgrade link in the UI). */
export function UpgradeLink({
  children = 'Upgrade',
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Link
      to={paths.app.pricing.getHref()}
      className={cn('font-medium text-primary underline underline-offset-4', className)}
    >
      {children}
    </Link>
  );
}

const NOTE_CLASS = 'flex gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm';

/**
 * A plan limit said inline, with the way up (decisions §3: a clear error and an Upgrade link).
 * Used inside dialogs, where a toast's link is easy to miss.
 */
export function UpgradeNotice({
  message,
  linkLabel = 'Upgrade',
  id,
  className,
}: {
  message: string;
  linkLabel?: string;
  id?: string;
  className?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  // At the end of a long form (a phone), bring it into view, clear of the toasts at the bottom.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, [message]);
  return (
    <p ref={ref} id={id} role="alert" className={cn(NOTE_CLASS, className)}>
      <Crown className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {message} <UpgradeLink>{linkLabel}</UpgradeLink>
      </span>
    </p>
  );
}

/**
 * A standing plan note with the Upgrade link, looking like `UpgradeNotice` but not an alert and
 * not scrolled to: for pages that show what the plan covers (the Free statistics window).
 */
export function PlanNote({
  message,
  linkLabel = 'Upgrade',
  className,
}: {
  message: string;
  linkLabel?: string;
  className?: string;
}) {
  return (
    <p className={cn(NOTE_CLASS, className)}>
      <Crown className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {message} <UpgradeLink>{linkLabel}</UpgradeLink>
      </span>
    </p>
  );
}
