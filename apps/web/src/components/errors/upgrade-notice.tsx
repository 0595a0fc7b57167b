import { Crown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

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
    <p
      ref={ref}
      id={id}
      role="alert"
      className={cn(
        'flex gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm',
        className,
      )}
    >
      <Crown className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {message}{' '}
        <Link
          to={paths.app.pricing.getHref()}
          className="font-medium text-primary underline underline-offset-4"
        >
          {linkLabel}
        </Link>
      </span>
    </p>
  );
}
