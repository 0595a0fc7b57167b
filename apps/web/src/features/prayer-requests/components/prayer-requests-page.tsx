import { PRAYER_CATEGORIES, type PrayerCategory } from '@selah/shared/constants';
import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchAndCategoryBar } from '@/components/forms/search-and-category-bar';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSetSearchParam } from '@/hooks/use-set-search-param';
import { ExportDialog, RequestDetailsDialog, RequestFormDialog } from './lazy-dialogs';
import { MyGroupsTab } from './my-groups-tab';
import type { RenderRequestPrayed } from './prayer-request-card';
import { PrayerRequestList } from './prayer-request-list';

/** The request filter offers seven categories (spec-2 §9); the form offers all nine. */
export const FILTER_CATEGORIES = PRAYER_CATEGORIES.slice(0, 7);

type RequestsTab = 'myRequests' | 'friendRequests' | 'prayerGroups';
const TABS: { value: RequestsTab; label: string }[] = [
  { value: 'myRequests', label: 'My Requests' },
  { value: 'friendRequests', label: 'Friend Requests' },
  { value: 'prayerGroups', label: 'Prayer Groups' },
];

const isTab = (value: string | null): value is RequestsTab =>
  TABS.some((tab) => tab.value === value);
const isFilterCategory = (value: string | null): value is PrayerCategory =>
  (FILTER_CATEGORIES as readonly (string | null)[]).includes(value);

/**
 * The Prayer Requests page (spec-2 "/prayer-requests"): search and category (sent to the
 * server), My Requests / Friend Requests / Prayer Groups tabs, and the New Request and Export
 * dialogs. Tab, category and search live in the URL (`?tab=friendRequests`, as notifications
 * link there). Each request's "Prayed" button is composed in by the route (`renderPrayed`).
 */
export function PrayerRequestsPage({ renderPrayed }: { renderPrayed: RenderRequestPrayed }) {
  const [params] = useSearchParams();
  const update = useSetSearchParam();
  const rawTab = params.get('tab');
  const tab: RequestsTab = isTab(rawTab) ? rawTab : 'myRequests';
  const rawCategory = params.get('category');
  const category = isFilterCategory(rawCategory) ? rawCategory : undefined;
  const search = params.get('q') ?? '';
  const searchQuery = useDebouncedValue(search.trim()) || undefined;
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<PrayerRequest | null>(null);
  const [editing, setEditing] = useState<PrayerRequest | null>(null);

  const filtered = Boolean(category ?? searchQuery);

  return (
    <>
      <PageHeader
        title="Prayer Requests"
        description="Ask friends to pray with you, and pray for them."
        actions={
          <>
            <Button variant="outline" onClick={() => setExporting(true)}>
              <Download aria-hidden="true" />
              Export
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New Request
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-4">
        {tab !== 'prayerGroups' && (
          <SearchAndCategoryBar
            search={search}
            onSearchChange={(value) => update('q', value)}
            searchLabel="Search prayer requests"
            searchPlaceholder="Search prayer requests..."
            category={category}
            categories={FILTER_CATEGORIES}
            onCategoryChange={(value) => update('category', value)}
          />
        )}
        <Tabs
          className="min-w-0"
          value={tab}
          onValueChange={(value) => update('tab', value === 'myRequests' ? undefined : value)}
        >
          <TabsList aria-label="Prayer requests" className="w-full sm:w-fit">
            {TABS.map(({ value, label }) => (
              <TabsTrigger
                key={value}
                value={value}
                className="px-1.5 text-[13px] sm:px-2 sm:text-sm"
              >
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="myRequests" className="pt-2">
            {tab === 'myRequests' && (
              <PrayerRequestList
                filter={{ type: 'myRequests', category, searchQuery }}
                onOpen={setSelected}
                onEdit={setEditing}
                renderPrayed={renderPrayed}
                empty={
                  filtered ? (
                    'No prayer requests match your search.'
                  ) : (
                    <div className="grid justify-items-center gap-3">
                      <p>You have not shared any prayer requests yet.</p>
                      <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
                        <Plus aria-hidden="true" />
                        Ask for prayer
                      </Button>
                    </div>
                  )
                }
              />
            )}
          </TabsContent>
          <TabsContent value="friendRequests" className="pt-2">
            {tab === 'friendRequests' && (
              <PrayerRequestList
                filter={{ type: 'friendRequests', category, searchQuery }}
                onOpen={setSelected}
                onEdit={setEditing}
                renderPrayed={renderPrayed}
                empty={
                  filtered
                    ? 'No prayer requests match your search.'
                    : 'No prayer requests from your friends yet.'
                }
              />
            )}
          </TabsContent>
          <TabsContent value="prayerGroups" className="pt-2">
            {tab === 'prayerGroups' && <MyGroupsTab />}
          </TabsContent>
        </Tabs>
      </div>
      <RequestFormDialog open={creating} onOpenChange={setCreating} />
      {editing && (
        <RequestFormDialog
          key={editing._id}
          open
          request={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
      <ExportDialog open={exporting} onOpenChange={setExporting} />
      <RequestDetailsDialog
        request={selected}
        renderPrayed={renderPrayed}
        onOpenChange={(open) => {
          if (!open) setSelected(null);
        }}
      />
    </>
  );
}
