import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { Globe, Lock, Plus, Settings, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '@/components/errors/page-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { LOAD_GROUPS_ERROR, useMyGroups } from '../api/get-my-groups';

const GRID = 'grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3';

function GroupCard({ group }: { group: PrayerGroup }) {
  const id = useId();
  const href = paths.app.prayerGroup.getHref(group._id);
  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex min-h-48 flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={`${id}-name`} className="leading-snug font-semibold">
          {group.name}
        </h3>
        <Badge variant="outline" className="shrink-0 gap-1 text-muted-foreground">
          {group.isPublic ? <Globe aria-hidden="true" /> : <Lock aria-hidden="true" />}
          {group.isPublic ? 'Public' : 'Private'}
        </Badge>
      </div>
      <p className="line-clamp-3 text-sm text-muted-foreground">{group.description}</p>
      <p className="mt-auto flex items-center gap-1.5 text-xs text-muted-foreground">
        <Users className="size-3.5" aria-hidden="true" />
        {group.memberCount === 1 ? '1 member' : `${group.memberCount} members`}
        {group.userIsAdmin && <span>· You are an admin</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={href}>View Prayers</Link>
        </Button>
        {group.userIsAdmin && (
          <Button asChild size="sm" variant="outline">
            <Link to={href}>
              <Settings aria-hidden="true" />
              Manage
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}

function CreateGroupCard() {
  return (
    <Link
      to={paths.app.prayerGroups.getHref()}
      className={cn(
        'flex min-h-48 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-5 text-sm font-medium text-muted-foreground transition-colors outline-none',
        'hover:border-ring/60 hover:bg-accent/50 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Plus className="size-5" aria-hidden="true" />
      </span>
      Create New Prayer Group
    </Link>
  );
}

/** The Prayer Groups tab: the groups the user belongs to (real data, decisions §2). */
export function MyGroupsTab() {
  const groups = useMyGroups();
  if (groups.isPending) {
    return (
      <div className="@container">
        <span className="sr-only" role="status">
          Loading prayer groups...
        </span>
        <div className={GRID} aria-hidden="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-48 rounded-xl" />
          ))}
        </div>
      </div>
    );
  }
  if (groups.isError) {
    return <ListLoadError message={LOAD_GROUPS_ERROR} onRetry={() => void groups.refetch()} />;
  }
  return (
    <div className="@container grid gap-4">
      {groups.data.length === 0 && (
        <p className="rounded-xl border border-dashed px-6 py-8 text-center text-sm text-muted-foreground">
          You are not in any prayer group yet.
        </p>
      )}
      <ul className={GRID} aria-label="My prayer groups">
        {groups.data.map((group) => (
          <li key={group._id} className="grid">
            <GroupCard group={group} />
          </li>
        ))}
        <li className="grid">
          <CreateGroupCard />
        </li>
      </ul>
    </div>
  );
}
