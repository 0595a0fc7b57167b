import { Globe, Lock } from 'lucide-react';
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
