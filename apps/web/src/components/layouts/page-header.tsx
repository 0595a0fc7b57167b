import { ArrowLeft } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The heading block of a signed-in page. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * The heading block of one item's page (a journal, a group): Back, its name, a line of facts
 * (`meta`), the actions beside them, its description, and anything after (`children`).
 */
export function DetailHeader({
  title,
  onBack,
  meta,
  metaClassName = 'gap-2',
  actions,
  description,
  children,
}: {
  title: string;
  onBack: () => void;
  meta: React.ReactNode;
  metaClassName?: string;
  actions: React.ReactNode;
  description?: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-6 grid gap-4">
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
          <div
            className={cn(
              'flex min-w-0 flex-wrap items-center text-sm text-muted-foreground',
              metaClassName,
            )}
          >
            {meta}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      {description && (
        <p className="max-w-3xl whitespace-pre-line text-muted-foreground">{description}</p>
      )}
      {children}
    </div>
  );
}
