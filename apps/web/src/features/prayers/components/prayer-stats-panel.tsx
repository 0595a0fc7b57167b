import type { PrayerSummary } from '@selah/shared/schemas/prayers';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { CategoryBadge } from './prayer-card';

/** round(part / total * 100), 0 when there is nothing (spec-1 §9 answer rate). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

function ShareBar({
  label,
  count,
  total,
  className,
}: {
  label: string;
  count: number;
  total: number;
  className: string;
}) {
  const percent = percentOf(count, total);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {count} of {total} · {percent}%
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className={cn('h-full rounded-full', className)} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Prayer Stats (spec-2 "/prayers"): active and answered as a share of all prayers. The streak and
 * the days prayed are the rhythm view's (issue 20 §5), beside this panel.
 */
export function PrayerStatsPanel({ summary }: { summary: PrayerSummary }) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="gap-4">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-base">
          Prayer Stats
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ShareBar
          label="Active"
          count={summary.active}
          total={summary.total}
          className="bg-primary"
        />
        <ShareBar
          label="Answered"
          count={summary.answered}
          total={summary.total}
          className="bg-emerald-600 dark:bg-emerald-400"
        />
      </CardContent>
    </Card>
  );
}

/** The user's prayers per category, most first. */
export function CategoryCountsPanel({ summary }: { summary: PrayerSummary }) {
  const id = useId();
  const rows = [...summary.byCategory].sort(
    (a, b) => b.count - a.count || a.category.localeCompare(b.category),
  );
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="gap-4">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-base">
          Categories
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No categories yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Prayers per category">
            {rows.map((row) => (
              <li key={row.category} className="flex items-center justify-between gap-2">
                <CategoryBadge category={row.category} />
                <span className="text-sm font-medium tabular-nums">{row.count}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function PrayerStatsSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true" data-slot="prayer-stats-skeleton">
      <div className="grid gap-4 rounded-xl border p-6">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
      <div className="grid gap-3 rounded-xl border p-6">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
      </div>
    </div>
  );
}
