import { CheckCircle2, Globe, Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { getCategoryClass } from '@/lib/category-colors';

export function CategoryBadge({ category }: { category: string }) {
  return (
    <Badge variant="outline" className={getCategoryClass(category)}>
      {category}
    </Badge>
  );
}

/** 'Private' (only the chosen friends) or 'Public' (all the creator's friends). */
export function VisibilityBadge({ isPrivate }: { isPrivate: boolean }) {
  return (
    <Badge variant="outline" className="gap-1 text-muted-foreground">
      {isPrivate ? <Lock aria-hidden="true" /> : <Globe aria-hidden="true" />}
      {isPrivate ? 'Private' : 'Public'}
    </Badge>
  );
}

export function prayingCountText(count: number) {
  return count === 1 ? '1 person praying' : `${count} people praying`;
}

export function prayedThisWeekText(count: number) {
  return count === 1 ? 'prayed 1 time this week' : `prayed ${count} times this week`;
}

/** 'Answered' on a request its creator marked answered. */
export function AnsweredBadge() {
  return (
    <Badge className="gap-1 border-transparent bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
      <CheckCircle2 aria-hidden="true" />
      Answered
    </Badge>
  );
}
