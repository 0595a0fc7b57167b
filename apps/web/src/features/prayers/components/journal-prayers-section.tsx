import { PRAYER_CATEGORIES, type PrayerCategory } from '@selah/shared/constants';
import type { JournalDetail } from '@selah/shared/schemas/journals';
import type { Prayer } from '@selah/shared/schemas/prayers';
import { useId, useState, type ReactNode } from 'react';
import { SearchInput } from '@/components/forms/search-input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/lib/toast';
import { useJournalPrayers, type JournalPrayerStatus } from '../api/get-journal-prayers';
import { AddPrayerDialog, PrayerDetailsDialog } from './lazy-dialogs';
import { PrayerGrid } from './prayer-grid';

const ALL_CATEGORIES = 'all';

const TABS: { value: JournalPrayerStatus; empty: ReactNode }[] = [
  { value: 'all', empty: 'No prayers found.' },
  { value: 'pending', empty: 'No active prayers.' },
  {
    value: 'answered',
    empty: (
      <>
        <p>No answered prayers yet.</p>
        <p className="mt-1">Keep praying faithfully!</p>
      </>
    ),
  },
];

const isPrayerCategory = (value: string): value is PrayerCategory =>
  (PRAYER_CATEGORIES as readonly string[]).includes(value);

/**
 * The Prayer Points section of a journal page (spec-1 §2 "/journal/{id}"): search, a category
 * filter of the journal's own categories, All / Active / Answered tabs with the journal's counts,
 * the prayer cards, an 'Add New Prayer' card and the add and details dialogs.
 */
export function JournalPrayersSection({
  journal,
  canEdit,
}: {
  journal: JournalDetail;
  canEdit: boolean;
}) {
  const id = useId();
  const [tab, setTab] = useState<JournalPrayerStatus>('all');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<Prayer | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());

  const categories = [...new Set(journal.categories)].sort((a, b) => a.localeCompare(b));
  const filter = {
    status: tab,
    category: isPrayerCategory(category) ? category : undefined,
    search: debouncedSearch || undefined,
  };
  const prayers = useJournalPrayers(journal._id, filter, journal);

  const onAdd = () => {
    if (!canEdit) {
      toast.error('Permission Denied', {
        description:
          'You can only add prayers to your own journal. Please contact the owner to contribute.',
      });
      return;
    }
    setAdding(true);
  };

  const counts: Record<JournalPrayerStatus, string> = {
    all: 'All',
    pending: `Active (${journal.activeCount})`,
    answered: `Answered (${journal.answeredCount})`,
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
          Prayer Points
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchInput
            className="sm:w-64"
            aria-label="Search prayers"
            placeholder="Search prayers..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Select value={category} onValueChange={setCategory}>
            <SelectTrigger aria-label="Filter by category" className="w-full sm:w-48">
              {/* Named here, not left to the selected item: the item only says it once the list
                  has mounted in the browser, so a server-rendered page would show it empty. */}
              <SelectValue>{category === ALL_CATEGORIES ? 'All Categories' : category}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_CATEGORIES}>All Categories</SelectItem>
              {categories.map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as JournalPrayerStatus)}>
        <TabsList aria-label="Prayer status">
          {TABS.map(({ value }) => (
            <TabsTrigger key={value} value={value}>
              {counts[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, empty }) => (
          <TabsContent key={value} value={value} className="pt-2">
            {tab === value && (
              <PrayerGrid
                query={prayers}
                empty={empty}
                errorMessage="Failed to load prayers. Please try again."
                onOpen={setSelected}
                onAdd={onAdd}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
      {canEdit && (
        <AddPrayerDialog open={adding} onOpenChange={setAdding} defaultJournalId={journal._id} />
      )}
      <PrayerDetailsDialog
        prayer={selected}
        onOpenChange={(open) => {
          if (!open) setSelected(null);
        }}
      />
    </section>
  );
}
