import type { PrayerCategory } from '@selah/shared/constants';
import type { DiscoverOverview } from '@selah/shared/schemas/journals';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getCategoryClass } from '@/lib/category-colors';
import { isPrayerCategory } from '@/lib/prayer-category';
import { cn } from '@/lib/utils';

/**
 * The discover page's Categories panel: each category of public journals with its count, most
 * used first. Pressing one filters the list; pressing it again clears the filter.
 */
export function DiscoverCategoriesCard({
  categories,
  isLoading,
  selected,
  onSelect,
}: {
  categories: DiscoverOverview['categories'] | undefined;
  isLoading: boolean;
  selected: PrayerCategory | undefined;
  onSelect: (category: PrayerCategory | undefined) => void;
}) {
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="px-5">
        <CardTitle>
          <h2>Categories</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {isLoading ? (
          <div className="grid gap-2" aria-hidden="true">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-8" />
            ))}
          </div>
        ) : !categories || categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">No categories available.</p>
        ) : (
          <ul className="flex flex-wrap gap-1 lg:grid lg:gap-0.5" aria-label="Categories">
            {categories.map(({ category, count }) => {
              const filterable = isPrayerCategory(category);
              const isSelected = selected === category;
              return (
                <li key={category}>
                  <button
                    type="button"
                    disabled={!filterable}
                    aria-pressed={isSelected}
                    onClick={() => onSelect(isSelected || !filterable ? undefined : category)}
                    className={cn(
                      'flex w-full items-center justify-between gap-3 rounded-md px-2 py-1.5 text-left text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default',
                      isSelected && 'bg-accent font-medium',
                    )}
                  >
                    <Badge variant="outline" className={getCategoryClass(category)}>
                      {category}
                    </Badge>
                    <span className="text-muted-foreground tabular-nums">
                      {count}
                      <span className="sr-only"> {count === 1 ? 'journal' : 'journals'}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
