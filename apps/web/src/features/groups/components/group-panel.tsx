import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { GROUPS_PANEL_LIMIT, useGroups, type GroupScope } from '../api/get-groups';
import { canJoinGroup, memberCountText } from '../utils/group-text';
import { MembershipBadge } from './group-badges';
import { JoinGroupButton } from './join-group-button';

function PanelItem({ group, showJoin }: { group: PrayerGroup; showJoin: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3">
      <div className="grid min-w-0 gap-0.5">
        <Link
          to={paths.app.prayerGroup.getHref(group._id)}
          className="flex min-w-0 items-center gap-1.5 rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="truncate">{group.name}</span>
          {!group.isPublic && (
            <Lock
              className="size-3.5 shrink-0 text-muted-foreground"
              role="img"
              aria-label="Private"
            />
          )}
        </Link>
        <span className="text-xs text-muted-foreground">{memberCountText(group.memberCount)}</span>
      </div>
      {showJoin && canJoinGroup(group) ? (
        <JoinGroupButton group={group} />
      ) : (
        <MembershipBadge membership={group.membership} />
      )}
    </li>
  );
}

/**
 * A side panel of a few groups: 'My Groups' (the groups the user belongs to) or 'Suggested
 * Groups' (public groups friends belong to, with Join).
 */
export function GroupPanel({
  scope,
  title,
  description,
  emptyText,
}: {
  scope: Exclude<GroupScope, 'all'>;
  title: string;
  description: string;
  emptyText: string;
}) {
  const groups = useGroups({ scope, limit: GROUPS_PANEL_LIMIT });
  const headingId = `group-panel-${scope}`;

  return (
    <Card className="gap-4" aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {groups.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <span role="status" className="sr-only">
              Loading {title.toLowerCase()}...
            </span>
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="grid gap-1.5" aria-hidden="true">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            ))}
          </div>
        ) : groups.isError && !groups.data ? (
          <div role="alert" className="grid gap-2 text-sm">
            <p className="text-destructive">Could not load {title.toLowerCase()}.</p>
            <Button
              size="sm"
              variant="outline"
              className="w-fit"
              onClick={() => void groups.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : groups.data && groups.data.length > 0 ? (
          <ul className="grid gap-3" aria-label={title}>
            {groups.data.map((group) => (
              <PanelItem key={group._id} group={group} showJoin={scope === 'suggested'} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        )}
      </CardContent>
    </Card>
  );
}
