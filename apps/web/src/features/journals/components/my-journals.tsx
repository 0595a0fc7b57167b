import type { Journal } from '@selah/shared/schemas/journals';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoadError } from '@/components/errors/page-states';
import { SearchInput } from '@/components/forms/search-input';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-client';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useSetSearchParam } from '@/hooks/use-set-search-param';
import { LOAD_JOURNALS_FAILED, useJournals } from '@/api/get-journals';
import { CreateJournalCard } from './create-journal-card';
import { CreateJournalDialog } from './lazy-dialogs';
import { JournalGrid, JournalGridSkeleton } from './journal-grid';

const TABS = ['all', 'mine', 'shared'] as const;
type Tab = (typeof TABS)[number];

const TAB_LABELS: Record<Tab, string> = {
  all: 'All Journals',
  mine: 'My Journals',
  shared: 'Shared',
};

const EMPTY_TEXTS: Record<Tab, string> = {
  all: 'No journals found.',
  mine: 'No personal journals found.',
  shared: 'No shared journals found.',
};

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** Entries without an id or a title are dropped; the search is a case-insensitive title match. */
export function filterJournals(journals: readonly Journal[], search: string): Journal[] {
  const needle = search.trim().toLowerCase();
  return journals.filter(
    (journal) =>
      Boolean(journal._id) &&
      Boolean(journal.title.trim()) &&
      journal.title.toLowerCase().includes(needle),
  );
}

/** /journals (spec-1 §2 "My Journals"): search, three tabs and the create dialog. */
export function MyJournals() {
  const journals = useJournals();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const [createOpen, setCreateOpen] = useState(false);
  const search = params.get('q') ?? '';
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'all';

  const firstLoadError = journals.isError && !journals.data ? journals.error : null;
  useErrorToast(firstLoadError, 'Error', LOAD_JOURNALS_FAILED);

  const visible = filterJournals(journals.data ?? [], search);
  const byTab: Record<Tab, Journal[]> = {
    all: visible,
    mine: visible.filter((journal) => journal.isPrivate),
    shared: visible.filter((journal) => !journal.isPrivate),
  };

  const openCreate = () => setCreateOpen(true);

  return (
    <>
      <PageHeader
        title="My Journals"
        description="Your private and shared prayer journals."
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            New Journal
          </Button>
        }
      />
      <div className="mb-4 max-w-md">
        <SearchInput
          aria-label="Search journals"
          placeholder="Search journals..."
          value={search}
          onChange={(event) => setParam('q', event.target.value)}
        />
      </div>

      {firstLoadError ? (
        <ListLoadError
          message={`Error: ${getErrorMessage(firstLoadError, LOAD_JOURNALS_FAILED)}`}
          onRetry={() => void journals.refetch()}
        />
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => setParam('tab', value === 'all' ? undefined : value)}
        >
          <TabsList className="mb-2">
            {TABS.map((value) => (
              <TabsTrigger key={value} value={value} className="px-3">
                {TAB_LABELS[value]}
                {journals.data ? ` (${byTab[value].length})` : ''}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((value) => (
            <TabsContent key={value} value={value} className="grid gap-4">
              {journals.isPending ? (
                <JournalGridSkeleton count={4} label="Loading journals..." />
              ) : (
                <>
                  {byTab[value].length === 0 && (
                    <div className="grid gap-1 rounded-xl border border-dashed px-6 py-8 text-center">
                      <p className="font-medium">{EMPTY_TEXTS[value]}</p>
                      {value === 'shared' && (
                        <p className="text-sm text-muted-foreground">
                          Join a shared journal or invite others to yours!
                        </p>
                      )}
                    </div>
                  )}
                  <JournalGrid
                    journals={byTab[value]}
                    label={TAB_LABELS[value]}
                    trailing={<CreateJournalCard onClick={openCreate} />}
                  />
                </>
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
      <CreateJournalDialog open={createOpen} onOpenChange={setCreateOpen} />
    </>
  );
}
