import { PRAYER_CATEGORIES } from '@selah/shared/constants';
import type { Prayer } from '@selah/shared/schemas/prayers';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoadError } from '@/components/errors/page-states';
import { SearchAndCategoryBar } from '@/components/forms/search-and-category-bar';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useSetSearchParam } from '@/hooks/use-set-search-param';
import { isPrayerCategory } from '@/lib/prayer-category';
import { usePrayerSummary } from '../api/get-prayer-summary';
import { useUserPrayers, type UserPrayerStatus } from '../api/get-user-prayers';
import { PrayerFormDialog, PrayerDetailsDialog } from './lazy-dialogs';
import type { RenderPrayed } from './prayer-card';
import { PrayerGrid } from './prayer-grid';
import { CategoryCountsPanel, PrayerStatsPanel, PrayerStatsSkeleton } from './prayer-stats-panel';

export const LOAD_PRAYERS_ERROR = 'Failed to load prayers. Please try again.';

const TABS: { value: UserPrayerStatus; label: string; empty: ReactNode }[] = [
  { value: 'active', label: 'Active', empty: 'No active prayers.' },
  {
    value: 'due',
    label: 'Due today',
    empty: (
      <>
        <p>Nothing is due today.</p>
        <p className="mt-1">Give a prayer a rhythm to see it here on its days.</p>
      </>
    ),
  },
  {
    value: 'answered',
    label: 'Answered',
    empty: (
      <>
        <p>No answered prayers yet.</p>
        <p className="mt-1">Keep praying faithfully!</p>
      </>
    ),
  },
  { value: 'all', label: 'All', empty: 'No prayers found.' },
];

const isTab = (value: string | null): value is UserPrayerStatus =>
  TABS.some((tab) => tab.value === value);

/**
 * The Prayer Points page body (spec-2 "/prayers"): the user's prayers across their journals with
 * search, category filter and Active / Answered / All tabs, the Prayer Stats panel and the
 * per-category counts, with the rhythm view (`rhythm`, composed in by the route, as each card's "Prayed" is; issue 20 §5
 * replaces the spec's 7-day bars with it). Tab, category and search live in the URL (`?tab=answered` opens the
 * answered tab).
 */
export function PrayerPoints({
  rhythm,
  renderPrayed,
}: {
  rhythm?: ReactNode;
  /** Each card's "Prayed" button, composed in by the route. */
  renderPrayed: RenderPrayed;
}) {
  const [params] = useSearchParams();
  const update = useSetSearchParam();
  const rawTab = params.get('tab');
  const tab: UserPrayerStatus = isTab(rawTab) ? rawTab : 'active';
  const rawCategory = params.get('category');
  const category = isPrayerCategory(rawCategory) ? rawCategory : undefined;
  const search = params.get('q') ?? '';
  const debouncedSearch = useDebouncedValue(search.trim());
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<Prayer | null>(null);

  const summary = usePrayerSummary();
  const prayers = useUserPrayers({
    status: tab,
    category,
    search: debouncedSearch || undefined,
  });

  // A first load that fails shows its message in place and a toast (spec-1 §8 pattern).
  useErrorToast(
    (prayers.data ? null : prayers.error) ?? (summary.data ? null : summary.error),
    'Error',
    LOAD_PRAYERS_ERROR,
  );

  const counts: Record<UserPrayerStatus, number | undefined> = {
    active: summary.data?.active,
    due: undefined,
    answered: summary.data?.answered,
    all: summary.data?.total,
  };

  return (
    <>
      <PageHeader
        title="Prayer Points"
        description="Everything you are praying for, across your journals."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            New Prayer
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 content-start gap-4">
          {/* The prayers' own headings (h3) and the aside's (h2) descend from this one. */}
          <h2 className="sr-only">Your prayers</h2>
          <SearchAndCategoryBar
            search={search}
            onSearchChange={(value) => update('q', value)}
            searchLabel="Search prayers"
            searchPlaceholder="Search prayers..."
            category={category}
            categories={PRAYER_CATEGORIES}
            onCategoryChange={(value) => update('category', value)}
          />
          <Tabs
            value={tab}
            onValueChange={(value) => update('tab', value === 'active' ? undefined : value)}
          >
            <TabsList aria-label="Prayer status">
              {TABS.map(({ value, label }) => (
                <TabsTrigger key={value} value={value}>
                  {counts[value] === undefined ? label : `${label} (${counts[value]})`}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map(({ value, empty }) => (
              <TabsContent key={value} value={value} className="pt-2">
                {tab === value && (
                  <PrayerGrid
                    query={prayers}
                    empty={empty}
                    errorMessage={LOAD_PRAYERS_ERROR}
                    onOpen={setSelected}
                    onAdd={() => setAdding(true)}
                    showJournal
                    renderPrayed={renderPrayed}
                  />
                )}
              </TabsContent>
            ))}
          </Tabs>
        </div>
        <aside className="grid content-start gap-4" aria-label="Prayer statistics">
          {summary.isPending ? (
            <>
              <span className="sr-only" role="status">
                Loading prayer statistics...
              </span>
              <PrayerStatsSkeleton />
            </>
          ) : summary.isError ? (
            <ListLoadError message={LOAD_PRAYERS_ERROR} onRetry={() => void summary.refetch()} />
          ) : (
            <>
              <PrayerStatsPanel summary={summary.data} />
              {rhythm}
              <CategoryCountsPanel summary={summary.data} />
            </>
          )}
        </aside>
      </div>
      <PrayerFormDialog open={adding} onOpenChange={setAdding} />
      <PrayerDetailsDialog
        prayer={selected}
        onOpenChange={(open) => {
          if (!open) setSelected(null);
        }}
      />
    </>
  );
}
