import type { JournalDetail } from '@selah/shared/schemas/journals';
import type { Prayer } from '@selah/shared/schemas/prayers';
import { useId, useState, type ReactNode } from 'react';
import { SearchAndCategoryBar } from '@/components/forms/search-and-category-bar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isPrayerCategory } from '@/lib/prayer-category';
import { toast } from '@/lib/toast';
import { useJournalPrayers, type JournalPrayerStatus } from '../api/get-journal-prayers';
import { PrayerFormDialog, PrayerDetailsDialog } from './lazy-dialogs';
import type { RenderPrayed } from './prayer-card';
import { PrayerGrid } from './prayer-grid';
import { PrivatePrayersNotice } from './private-prayers-notice';

const TABS: { value: JournalPrayerStatus; empty: ReactNode }[] = [
  { value: 'all', empty: 'No prayers found.' },
  { value: 'pending', empty: 'No active prayers.' },
  { value: 'due', empty: 'Nothing is due today.' },
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

/**
 * The Prayer Points section of a journal page (spec-1 §2 "/journal/{id}"): search, a category
 * filter of the journal's own categories, All / Active / Answered tabs with the journal's counts,
 * the prayer cards, an 'Add New Prayer' card and the add and details dialogs.
 */
export function JournalPrayersSection({
  journal,
  canEdit,
  renderPrayed,
}: {
  journal: JournalDetail;
  canEdit: boolean;
  /** Each card's "Prayed" button, composed in by the route. */
  renderPrayed: RenderPrayed;
}) {
  const id = useId();
  const [tab, setTab] = useState<JournalPrayerStatus>('all');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
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
    due: 'Due today',
    answered: `Answered (${journal.answeredCount})`,
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
          Prayer Points
        </h2>
        <SearchAndCategoryBar
          className="sm:w-md"
          search={search}
          onSearchChange={setSearch}
          searchLabel="Search prayers"
          searchPlaceholder="Search prayers..."
          category={category}
          categories={categories}
          onCategoryChange={setCategory}
        />
      </div>
      {/* Others read this journal: its owner is told which prayers they do not see (issue 29 §2). */}
      {canEdit && (!journal.isPrivate || journal.memberCount > 1) && (
        <PrivatePrayersNotice journalId={journal._id} audience="journal" />
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value as JournalPrayerStatus)}>
        <TabsList aria-label="Prayer status">
          {/* Only the owner's prayers can be due (a rhythm is its author's). */}
          {TABS.filter(({ value }) => canEdit || value !== 'due').map(({ value }) => (
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
                renderPrayed={renderPrayed}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
      {canEdit && (
        <PrayerFormDialog open={adding} onOpenChange={setAdding} defaultJournalId={journal._id} />
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
