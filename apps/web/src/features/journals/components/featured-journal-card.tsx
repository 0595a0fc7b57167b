import type { DiscoverOverview } from '@selah/shared/schemas/journals';
import { Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { CategoryBadge } from './journal-card';

type Featured = NonNullable<DiscoverOverview['featured']>;

/**
 * The most active public journal (decisions §2), with its real member count. 'Active now' only
 * when it had activity in the last days; the parent shows nothing when there is no journal.
 */
export function FeaturedJournalCard({ journal }: { journal: Featured }) {
  return (
    <Card className="gap-4 overflow-hidden border-primary/30 py-5">
      <CardHeader className="px-5">
        <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <Sparkles className="size-3.5" aria-hidden="true" />
          Featured Journal
        </p>
        <CardTitle className="text-lg leading-snug">
          <h2>{journal.title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 px-5">
        {journal.description && (
          <p className="line-clamp-3 text-sm text-muted-foreground">{journal.description}</p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="flex items-center gap-1.5 text-muted-foreground">
            <Users className="size-4" aria-hidden="true" />
            {journal.memberCount.toLocaleString('en-US')}{' '}
            {journal.memberCount === 1 ? 'member' : 'members'}
          </span>
          {journal.recentActivity > 0 && (
            <span className="flex items-center gap-1.5 font-medium text-[#15803d] dark:text-[#4ade80]">
              <span className="size-2 rounded-full bg-current" aria-hidden="true" />
              Active now
            </span>
          )}
        </div>
        <CategoryBadge category={journal.category} />
      </CardContent>
      <CardFooter className="px-5">
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.app.journal.getHref(journal._id)}>
            View Journal<span className="sr-only">: {journal.title}</span>
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
