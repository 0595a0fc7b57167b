import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** The Selah mark: a quiet dove-like shape over a horizon line. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M16 7c-1.2 3.1-3.6 5.3-6.5 6.1 2.9.8 5.3 3 6.5 6.1 1.2-3.1 3.6-5.3 6.5-6.1-2.9-.8-5.3-3-6.5-6.1z"
        className="fill-primary-foreground"
      />
      <path
        d="M9 22.5c2.3-.9 4.6-1.3 7-1.3s4.7.4 7 1.3"
        fill="none"
        strokeWidth="1.8"
        strokeLinecap="round"
        className="stroke-primary-foreground"
      />
    </svg>
  );
}

/** The product name, linking to the landing page. */
export function BrandLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to={paths.home.getHref()}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-serif text-xl font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <BrandMark />
      Selah
    </Link>
  );
}
