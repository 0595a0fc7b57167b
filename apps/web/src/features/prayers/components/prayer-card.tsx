import type { Prayer } from '@selah/shared/schemas/prayers';
import { BookMarked, CheckCircle2, Circle, Lock, Star, Sunrise } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { getCategoryClass } from '@/lib/category-colors';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { prayerJournalLabel } from '../utils/journal-label';

/**
 * What a card hands the route for its "Prayed" button (the practice feature's, composed in by
 * the route module: features do not import each other).
 */
export interface PrayedSlotProps {
  prayerId: string;
  title: string;
  /** The id of the prayer's title: a screen reader says "Prayed, <title>". */
  describedBy: string;
  className: string;
}

/** Renders a card's "Prayed" button; given by the route (`app/routes`). */
export type RenderPrayed = (props: PrayedSlotProps) => ReactNode;

/** The category badge, coloured per spec-1 §2 (grey for categories without a colour). */
export function CategoryBadge({ category }: { category: string }) {
  return (
    <Badge variant="outline" className={getCategoryClass(category)}>
      {category}
    </Badge>
  );
}

export function PrayerStatusBadge({ status }: { status: Prayer['status'] }) {
  return status === 'answered' ? (
    <Badge variant="outline" className="gap-1 text-foreground">
      <CheckCircle2 className="text-primary" aria-hidden="true" />
      Answered
    </Badge>
  ) : (
    <Badge variant="outline" className="gap-1 text-muted-foreground">
      <Circle aria-hidden="true" />
      Active
    </Badge>
  );
}

/** A calm mark on a prayer due today (its author's rhythm), and the star of an urgent one. */
export function DueMarks({ prayer }: { prayer: Pick<Prayer, 'due' | 'urgent'> }) {
  return (
    <>
      {prayer.due && (
        <Badge
          variant="outline"
          data-slot="due-badge"
          className="gap-1 border-primary/40 bg-primary/10 text-foreground"
        >
          <Sunrise className="text-primary" aria-hidden="true" />
          Due today
        </Badge>
      )}
      {prayer.urgent && (
        <Star
          className="size-4 fill-amber-400 text-amber-500 dark:text-amber-400"
          role="img"
          aria-label="Urgent"
        />
      )}
    </>
  );
}

/**
 * A prayer in a list: title, content clamped to 2 lines, category, status, date and "Prayed".
 * The whole card is one button that opens the details dialog; "Prayed" sits above it.
 */
export function PrayerCard({
  prayer,
  onOpen,
  showJournal = false,
  renderPrayed,
}: {
  prayer: Prayer;
  onOpen: (prayer: Prayer) => void;
  /** Name the journal (on Prayer Points, where prayers of all journals are mixed). */
  showJournal?: boolean;
  renderPrayed: RenderPrayed;
}) {
  return (
    <article
      data-slot="prayer-card"
      aria-labelledby={`prayer-${prayer._id}-title`}
      className={cn(
        'group relative flex min-h-44 flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors',
        // The ring shows for keyboard focus on the card's button, not for mouse clicks.
        'hover:border-ring/60 has-[button:focus-visible]:ring-[3px] has-[button:focus-visible]:ring-ring/50',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={`prayer-${prayer._id}-title`} className="leading-snug font-semibold">
          <button
            type="button"
            onClick={() => onOpen(prayer)}
            className="text-left outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
          >
            {prayer.title}
          </button>
        </h3>
        {prayer.isPrivate && (
          // Only its author sees a private prayer: said in words, not only by an icon (issue 29 §2).
          <Badge variant="outline" className="shrink-0 gap-1 text-muted-foreground">
            <Lock aria-hidden="true" />
            Private
          </Badge>
        )}
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">
        {prayer.content || 'No details written.'}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <CategoryBadge category={prayer.category} />
        <PrayerStatusBadge status={prayer.status} />
        <DueMarks prayer={prayer} />
        {prayer.memoryVerse && (
          <BookMarked
            className="size-4 text-muted-foreground"
            role="img"
            aria-label="Has a memory verse"
          />
        )}
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 text-xs text-muted-foreground">
          {showJournal && <span className="font-medium">{prayerJournalLabel(prayer)} · </span>}
          {prayer.status === 'answered'
            ? `Answered ${formatDate(prayer.answeredAt, 'short')}`
            : `Added ${formatDate(prayer.createdAt, 'short')}`}
        </p>
        {renderPrayed({
          prayerId: prayer._id,
          title: prayer.title,
          describedBy: `prayer-${prayer._id}-title`,
          className: 'shrink-0',
        })}
      </div>
    </article>
  );
}
