import type { TimelineItem } from '@selah/shared/schemas/practice';
import {
  CheckCircle2,
  HandHeart,
  NotebookPen,
  Plus,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { ListLoadError } from '@/components/errors/page-states';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-date';
import { LOAD_LOG_ERROR, usePrayerLog } from '../api/get-prayer-log';
import { groupTimeline, relativeDay, times, weekLabel } from '../utils/days';
import { AddNoteForm } from './add-note-form';

const ITEMS: Record<
  Exclude<TimelineItem['kind'], 'prayed'>,
  { icon: LucideIcon; label: string }
> = {
  created: { icon: Plus, label: 'Prayer added' },
  note: { icon: NotebookPen, label: 'Note' },
  answered: { icon: CheckCircle2, label: 'Marked answered' },
  testimony: { icon: Sparkles, label: 'Testimony' },
};

function Entry({
  icon: Icon,
  title,
  date,
  children,
}: {
  icon: LucideIcon;
  title: string;
  date: string;
  children?: React.ReactNode;
}) {
  return (
    <li className="relative grid grid-cols-[auto_1fr] gap-3">
      <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-1 pt-1">
        <p className="text-sm font-medium">
          {title} <span className="font-normal text-muted-foreground">· {date}</span>
        </p>
        {children}
      </div>
    </li>
  );
}

function TimelineSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4">
      <p role="status" className="sr-only">
        Loading the timeline...
      </p>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="grid grid-cols-[auto_1fr] gap-3" aria-hidden="true">
          <Skeleton className="size-8 rounded-full" />
          <div className="grid gap-2 pt-1">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-full max-w-sm" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A prayer's timeline (issue 20 §4), newest first: when it was added, the viewer's Prayed grouped
 * by week ("Prayed 3 times this week"), the author's notes, the answer and testimonies. Its author
 * may add a note.
 */
export function PrayerTimeline({ prayerId, isAuthor }: { prayerId: string; isAuthor: boolean }) {
  const log = usePrayerLog(prayerId);
  const today = log.data?.pages[0]?.today ?? new Date().toISOString().slice(0, 10);
  const items = log.data?.pages.flatMap((page) => page.data) ?? [];
  const entries = groupTimeline(items);

  return (
    <section aria-labelledby="prayer-timeline" className="grid gap-4">
      <h2 id="prayer-timeline" className="text-lg font-semibold">
        Timeline
      </h2>
      {isAuthor && <AddNoteForm prayerId={prayerId} />}
      {log.isPending ? (
        <TimelineSkeleton />
      ) : log.isError && !log.data ? (
        <ListLoadError message={LOAD_LOG_ERROR} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing here yet.</p>
      ) : (
        <>
          <ol className="grid gap-4" aria-label="Timeline, newest first">
            {entries.map((entry) => {
              if (entry.kind === 'prayed-week') {
                const late = entry.items.filter((i) => i.late).length;
                const days = [...new Set(entry.items.map((i) => i.day!))];
                return (
                  <Entry
                    key={entry.key}
                    icon={HandHeart}
                    title={`Prayed ${times(entry.items.length)} ${weekLabel(entry.monday, today)}`}
                    date={days
                      .slice(0, 3)
                      .map((d) => relativeDay(d, today).replace(/^on /, ''))
                      .join(', ')}
                  >
                    {late > 0 && (
                      <p className="text-xs text-muted-foreground">
                        {late === entry.items.length && late === 1
                          ? 'Filled in later.'
                          : `${times(late)} filled in later.`}
                      </p>
                    )}
                  </Entry>
                );
              }
              const { item } = entry;
              const { icon, label } = ITEMS[item.kind as keyof typeof ITEMS];
              return (
                <Entry key={entry.key} icon={icon} title={label} date={formatDate(item.at)}>
                  {item.text && <p className="text-sm whitespace-pre-wrap">{item.text}</p>}
                </Entry>
              );
            })}
          </ol>
          <LoadMoreRow query={log} />
        </>
      )}
    </section>
  );
}
