import type { Journal } from '@selah/shared/schemas/journals';
import { BookOpen, CircleCheck, Globe, Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { getCategoryClass } from '@/lib/category-colors';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useJoinJournal } from '../api/join-journal';

const JOIN_LABELS = {
  owner: 'Owned by You',
  member: 'Member',
  none: 'Join Journal',
} as const;

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The category, or 'N/A' when the journal has none (spec-1 §3). */
export function CategoryBadge({
  category,
  className,
}: {
  category: string | null;
  className?: string;
}) {
  return (
    <Badge variant="outline" className={cn(getCategoryClass(category), className)}>
      <span className="sr-only">Category: </span>
      {category ?? 'N/A'}
    </Badge>
  );
}

export function PrivacyBadge({ isPrivate }: { isPrivate: boolean }) {
  return (
    <Badge variant="outline">
      {isPrivate ? <Lock aria-hidden="true" /> : <Globe aria-hidden="true" />}
      {isPrivate ? 'Private' : 'Public'}
    </Badge>
  );
}

/**
 * A journal in a grid (spec-1 §2 "Journal card"). The title link stretches over the whole card;
 * the join button sits above it, so pressing it never opens the journal.
 */
export function JournalCard({ journal }: { journal: Journal }) {
  const join = useJoinJournal();
  const canJoin = journal.membership === 'none';

  const onJoin = () =>
    join.mutate(journal._id, {
      onSuccess: () =>
        toast.success('Journal joined', {
          description: `You are now a member of "${journal.title}".`,
        }),
      onError: (error) =>
        toast.error('Error', { description: `Failed to join journal: ${getErrorMessage(error)}` }),
    });

  return (
    <Card
      data-testid="journal-card"
      className="relative h-full gap-4 py-5 transition-shadow has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50 hover:shadow-md"
    >
      <CardHeader className="gap-2 px-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base leading-snug font-semibold">
            <Link
              to={paths.app.journal.getHref(journal._id)}
              className="outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
            >
              {journal.title}
            </Link>
          </h3>
          <PrivacyBadge isPrivate={journal.isPrivate} />
        </div>
        <CategoryBadge category={journal.category} />
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4 px-5">
        <p className="line-clamp-2 min-h-10 text-sm text-muted-foreground">
          {journal.description || 'No description.'}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <BookOpen className="size-4" aria-hidden="true" />
            {plural(journal.prayerCount, 'prayer', 'prayers')}
          </li>
          <li className="flex items-center gap-1.5">
            <CircleCheck className="size-4" aria-hidden="true" />
            {journal.answeredCount} answered
          </li>
          <li className="flex items-center gap-1.5">
            <Users className="size-4" aria-hidden="true" />
            {plural(journal.memberCount, 'member', 'members')}
          </li>
        </ul>
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2 px-5">
        <span className="text-xs text-muted-foreground">
          Created {formatDate(journal.createdAt, 'short')}
        </span>
        <Button
          size="sm"
          variant={canJoin ? 'default' : 'secondary'}
          // Above the stretched title link.
          className="relative z-10"
          disabled={!canJoin || join.isPending}
          onClick={onJoin}
        >
          {join.isPending ? 'Joining...' : JOIN_LABELS[journal.membership]}
        </Button>
      </CardFooter>
    </Card>
  );
}
