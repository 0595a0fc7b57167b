import type { PrayerGroupDetail } from '@selah/shared/schemas/groups';
import type { Prayer } from '@selah/shared/schemas/prayers';
import { CheckCircle2, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '@/components/errors/page-states';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import { useLoadMoreOnScroll } from '@/hooks/use-load-more-on-scroll';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { getCategoryClass } from '@/lib/category-colors';
import { formatDate } from '@/lib/format-date';
import { LOAD_GROUP_PRAYERS_FAILED, useGroupPrayers } from '../api/get-group-prayers';
import { isGroupMember, PRIVATE_JOURNAL } from '../utils/group-text';

const GRID = 'grid grid-cols-1 gap-4 @xl:grid-cols-2';

/** A prayer of the group's journal: title (a link to its page), content in 2 lines, category. */
function GroupPrayerCard({ prayer }: { prayer: Prayer }) {
  return (
    <article
      aria-labelledby={`group-prayer-${prayer._id}`}
      className="relative flex h-full min-h-36 flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50 hover:border-ring/60"
    >
      <h3 id={`group-prayer-${prayer._id}`} className="leading-snug font-semibold">
        <Link
          to={paths.app.prayer.getHref(prayer._id)}
          className="outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
        >
          {prayer.title}
        </Link>
      </h3>
      <p className="line-clamp-2 text-sm text-muted-foreground">
        {prayer.content || 'No details written.'}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Badge variant="outline" className={getCategoryClass(prayer.category)}>
          <span className="sr-only">Category: </span>
          {prayer.category}
        </Badge>
        {prayer.status === 'answered' && (
          <Badge variant="outline" className="gap-1 text-foreground">
            <CheckCircle2 className="text-primary" aria-hidden="true" />
            Answered
          </Badge>
        )}
        <span className="ml-auto text-xs text-muted-foreground">
          {formatDate(prayer.createdAt, 'short')}
        </span>
      </div>
    </article>
  );
}

function PrayerSkeletons({ count }: { count: number }) {
  return (
    <div className={GRID} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className="h-36 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * The attached journal's public prayers, page by page as the user scrolls (with a 'Load more'
 * button for keyboards). Only people who may read the journal see them: in a public group all of
 * them, in a private one its members. Around a journal the viewer may not read (its title is
 * null) the section explains that instead of asking for them.
 */
export function GroupPrayersSection({ group }: { group: PrayerGroupDetail }) {
  const journalHidden = group.journalTitle === null;
  const canRead = !journalHidden && (group.isPublic || isGroupMember(group));
  const query = useGroupPrayers(group._id, { enabled: canRead });
  const { isFetchingNextPage } = query;
  const sentinel = useLoadMoreOnScroll(query, '400px 0px');

  let body: ReactNode;
  if (journalHidden) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
        <Lock className="size-5 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">This group prays with a private journal.</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Its prayers are for the people the journal&rsquo;s owner shares it with.
        </p>
      </div>
    );
  } else if (!canRead) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
        <Lock className="size-5 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">Join the group to see its prayers.</p>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div className="grid gap-3">
        <p role="status" className="sr-only">
          Loading prayers...
        </p>
        <PrayerSkeletons count={4} />
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <ListLoadError
        message={LOAD_GROUP_PRAYERS_FAILED}
        detail={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const prayers = query.data.pages.flatMap((page) => page.data);
    body =
      prayers.length === 0 ? (
        <div className="grid gap-1 rounded-xl border border-dashed px-6 py-10 text-center">
          <p className="font-medium">No prayers in this group yet.</p>
          <p className="text-sm text-muted-foreground">
            Public prayers added to &ldquo;{group.journalTitle}&rdquo; appear here.
          </p>
        </div>
      ) : (
        <div className="grid gap-4">
          <ul className={GRID} aria-label="Group prayers">
            {prayers.map((prayer) => (
              <li key={prayer._id} className="min-w-0">
                <GroupPrayerCard prayer={prayer} />
              </li>
            ))}
          </ul>
          {isFetchingNextPage && (
            <>
              <p role="status" className="sr-only">
                Loading more prayers...
              </p>
              <PrayerSkeletons count={2} />
            </>
          )}
          <LoadMoreRow sentinel={sentinel} query={query} />
        </div>
      );
  }

  return (
    <section aria-labelledby="group-prayers-heading" className="@container grid gap-4">
      <div className="grid gap-1">
        <h2 id="group-prayers-heading" className="text-xl font-semibold tracking-tight">
          Prayers
        </h2>
        <p className="text-sm text-muted-foreground">
          {journalHidden ? (
            PRIVATE_JOURNAL
          ) : (
            <>The public prayers of &ldquo;{group.journalTitle}&rdquo;.</>
          )}
        </p>
      </div>
      {body}
    </section>
  );
}
