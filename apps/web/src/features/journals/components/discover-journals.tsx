import type { PrayerCategory } from '@selah/shared/constants';
import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchInput } from '@/components/forms/search-input';
import { PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getCategoryClass } from '@/lib/category-colors';
import { isPrayerCategory } from '@/lib/prayer-category';
import { useSetSearchParam } from '@/hooks/use-set-search-param';
import { useDiscoverOverview } from '../api/get-discover-overview';
import type { DiscoverTab } from '../api/get-public-journals';
import { DiscoverCategoriesCard } from './discover-categories-card';
import { FeaturedJournalCard } from './featured-journal-card';
import { PublicJournalList } from './public-journal-list';

const TABS: readonly { value: DiscoverTab; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'new', label: 'New' },
  { value: 'trending', label: 'Trending' },
];

/** Waits until typing pauses before the server is asked again. */
const SEARCH_DELAY_MS = 300;

function isDiscoverTab(value: string | null): value is DiscoverTab {
  return TABS.some((tab) => tab.value === value);
}

/** /discover (spec-1 §2): public journals by tab, searched on the server, with side panels. */
export function DiscoverJournals() {
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const tabParam = params.get('tab');
  const tab: DiscoverTab = isDiscoverTab(tabParam) ? tabParam : 'popular';
  const categoryParam = params.get('category');
  const category = isPrayerCategory(categoryParam) ? categoryParam : undefined;
  const search = params.get('q') ?? '';
  const [searchText, setSearchText] = useState(search);
  const overview = useDiscoverOverview();

  // The address holds the search the list shows; the box updates it once typing pauses.
  const commitSearch = useEffectEvent((text: string) => setParam('q', text || undefined));
  useEffect(() => {
    const text = searchText.trim();
    if (text === search) return;
    const timer = setTimeout(() => commitSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const selectCategory = (value: PrayerCategory | undefined) => setParam('category', value);
  const filter = { tab, search, category };

  return (
    <>
      <PageHeader title="Discover" description="Find public prayer journals to join." />
      {/* Search first; on large screens the panels sit beside the search and the list. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="grid min-w-0 gap-3 lg:col-start-1 lg:row-start-1">
          <SearchInput
            className="max-w-md"
            aria-label="Search public journals"
            placeholder="Search public journals..."
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setParam('q', searchText.trim() || undefined);
            }}
          />
          {category && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted-foreground">Category:</span>
              <Badge variant="outline" className={getCategoryClass(category)}>
                {category}
              </Badge>
              <Button variant="ghost" size="sm" onClick={() => selectCategory(undefined)}>
                <X aria-hidden="true" />
                Clear category
              </Button>
            </div>
          )}
        </div>
        <aside
          className="grid gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          aria-label="Discover panels"
        >
          {overview.data?.featured && <FeaturedJournalCard journal={overview.data.featured} />}
          <DiscoverCategoriesCard
            categories={overview.data?.categories}
            isLoading={overview.isPending}
            selected={category}
            onSelect={selectCategory}
          />
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <Tabs
            value={tab}
            onValueChange={(value) => setParam('tab', value === 'popular' ? undefined : value)}
          >
            <TabsList className="mb-2">
              {TABS.map(({ value, label }) => (
                <TabsTrigger key={value} value={value} className="px-4">
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map(({ value }) => (
              <TabsContent key={value} value={value}>
                {value === tab && <PublicJournalList filter={filter} />}
              </TabsContent>
            ))}
          </Tabs>
        </div>
      </div>
    </>
  );
}
