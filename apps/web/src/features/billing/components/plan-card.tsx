import type { PlanId } from '@selah/shared/schemas/billing';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface PlanCardProps {
  id: PlanId;
  name: string;
  /** The price to show ('$4.99', '₦16,000'), computed by the server or the spec's fallback. */
  price: string;
  /** A hint under the price (the US-dollar amount of a naira price). */
  priceHint?: string | undefined;
  /** True while the visitor's own price is loading: the fallback price is shown dimmed. */
  priceLoading?: boolean;
  features: string[];
  popular: boolean;
  current: boolean;
  /** 'Active until ...' under the current plan's badge. */
  status?: string | undefined;
  action: ReactNode;
}

/** One plan (spec-2 §2 /pricing): name, monthly price, features and its button. */
export function PlanCard({
  id,
  name,
  price,
  priceHint,
  priceLoading = false,
  features,
  popular,
  current,
  status,
  action,
}: PlanCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-plan={id}
      className={cn(
        'relative flex flex-col gap-6 rounded-xl border bg-card p-6 text-card-foreground shadow-sm',
        popular && 'border-primary shadow-md ring-1 ring-primary',
        current && !popular && 'border-primary/60',
      )}
    >
      {popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">
          Most Popular
        </Badge>
      )}
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-xl font-semibold tracking-tight">
            {name}
          </h2>
          {current && <Badge variant="secondary">Current plan</Badge>}
        </div>
        <div className="grid gap-1" aria-busy={priceLoading || undefined}>
          <p className={cn('flex items-baseline gap-1', priceLoading && 'opacity-60')}>
            <span className="text-4xl font-bold tracking-tight tabular-nums">{price}</span>
            <span className="text-sm text-muted-foreground">/mo</span>
          </p>
          {priceLoading ? (
            <Skeleton className="h-4 w-32" />
          ) : (
            priceHint && <p className="text-xs text-muted-foreground">{priceHint}</p>
          )}
        </div>
        {status && <p className="text-sm font-medium text-primary">{status}</p>}
      </div>
      <ul className="grid flex-1 content-start gap-2.5 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="grid gap-2">{action}</div>
    </article>
  );
}
