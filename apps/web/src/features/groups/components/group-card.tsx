import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { BookOpen, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { canJoinGroup, groupJournalLabel, memberCountText } from '../utils/group-text';
import { GroupPrivacyBadge, MembershipBadge } from './group-badges';
import { JoinGroupButton } from './join-group-button';

/**
 * A group in the list: name (a link stretched over the card), Public/Private, description,
 * member count and journal, and Join for groups the user may join. The button sits above the
 * stretched link, so pressing it never opens the group.
 */
export function GroupCard({ group }: { group: PrayerGroup }) {
  return (
    <Card
      data-testid="group-card"
      className="relative h-full gap-3 py-5 transition-shadow has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50 hover:shadow-md"
    >
      <CardHeader className="gap-2 px-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base leading-snug font-semibold">
            <Link
              to={paths.app.prayerGroup.getHref(group._id)}
              className="outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
            >
              {group.name}
            </Link>
          </h3>
          <GroupPrivacyBadge isPublic={group.isPublic} />
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 px-5">
        <p className="line-clamp-2 text-sm text-muted-foreground">{group.description}</p>
        <ul className="flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <Users className="size-4" aria-hidden="true" />
            {memberCountText(group.memberCount)}
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <BookOpen className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Journal: </span>
            <span className="truncate">{groupJournalLabel(group)}</span>
          </li>
        </ul>
      </CardContent>
      <CardFooter className="min-h-8 flex-wrap justify-end gap-2 px-5">
        <MembershipBadge membership={group.membership} />
        {canJoinGroup(group) && <JoinGroupButton group={group} className="relative z-10" />}
      </CardFooter>
    </Card>
  );
}

export function GroupCardSkeleton() {
  return (
    <Card className="h-full gap-3 py-5" aria-hidden="true">
      <CardHeader className="px-5">
        <div className="flex items-start justify-between gap-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-14" />
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 px-5">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
      </CardContent>
      <CardFooter className="justify-end px-5">
        <Skeleton className="h-8 w-16" />
      </CardFooter>
    </Card>
  );
}
