import { Crown, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlanNote } from '@/components/errors/upgrade-notice';
import { SearchInput } from '@/components/forms/search-input';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSetSearchParam } from '@/hooks/use-set-search-param';
import { useAuthStore } from '@/stores/auth-store';
import { CreateGroupDialog } from './lazy-dialogs';
import { GroupList } from './group-list';
import { GroupPanel } from './group-panel';

/** What a Free user is told before they try (decisions §3: groups are a Premium feature). */
export const GROUPS_NEED_PREMIUM =
  'Starting a prayer group needs Premium (or Ministry). Joining the groups you are invited to is free.';

/** Waits until typing pauses before the server is asked again. */
const SEARCH_DELAY_MS = 300;

/**
 * /prayer-groups (spec-2 §2): search, the New Prayer Group dialog, every group the user can see,
 * and the 'My Groups' and 'Suggested Groups' panels. The search lives in the address (?q=).
 * `journalNotice` is what the create dialog says about the chosen journal (composed by the route).
 * A Free user is told before filling any form that starting a group needs Premium: a note on
 * the page, and the button says Premium and leads to the plans (issue 29 §5, ADR 061).
 */
export function PrayerGroups({
  journalNotice,
}: {
  journalNotice?: (journalId: string) => ReactNode;
} = {}) {
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const [createOpen, setCreateOpen] = useState(false);
  // Only a user known to be on Free (an older stored user has no plan: the server decides).
  const onFree = useAuthStore((state) => state.user?.plan === 'free');
  const search = params.get('q') ?? '';
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);

  return (
    <>
      <PageHeader
        title="Prayer Groups"
        description="Pray together with others around a shared journal."
        actions={
          onFree ? (
            <Button asChild variant="outline">
              <Link to={paths.app.pricing.getHref()}>
                <Crown aria-hidden="true" />
                New Prayer Group
                <span className="rounded-md bg-primary/10 px-1.5 py-0.5 text-xs font-medium text-primary">
                  Premium
                </span>
              </Link>
            </Button>
          ) : (
            <Button onClick={() => setCreateOpen(true)}>
              <Plus aria-hidden="true" />
              New Prayer Group
            </Button>
          )
        }
      />
      {onFree && <PlanNote className="mb-6" message={GROUPS_NEED_PREMIUM} linkLabel="See plans" />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <section className="grid min-w-0 gap-4" aria-label="All prayer groups">
          <SearchInput
            className="max-w-md"
            aria-label="Search groups"
            placeholder="Search groups..."
            value={search}
            onChange={(event) => setParam('q', event.target.value)}
          />
          <GroupList search={debouncedSearch} />
        </section>
        <aside className="grid gap-4" aria-label="Your groups and suggestions">
          <GroupPanel
            scope="mine"
            title="My Groups"
            description="The groups you belong to."
            emptyText="You have not joined any prayer groups yet."
          />
          <GroupPanel
            scope="suggested"
            title="Suggested Groups"
            description="Public groups your friends pray in."
            emptyText="No suggestions yet. Public groups your friends join will appear here."
          />
        </aside>
      </div>
      <CreateGroupDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        {...(journalNotice ? { journalNotice } : {})}
      />
    </>
  );
}
