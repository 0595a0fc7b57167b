import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  BookOpen,
  CalendarClock,
  FileQuestion,
  Pencil,
  Share2,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ItemNotFound, PageLoadError } from '@/components/errors/page-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useErrorToast } from '@/hooks/use-error-toast';
import { PrayedSummary } from '@/features/practice/components/prayed-summary';
import { PrayerTimeline } from '@/features/practice/components/prayer-timeline';
import { prayerQueryOptions } from '@/features/prayers/api/get-prayer';
import { PrayerFormDialog, RhythmDialog } from '@/features/prayers/components/lazy-dialogs';
import { PrayedButton } from '@/features/practice/components/prayed-button';
import { PrayerBadges, PrayerBody } from '@/features/prayers/components/prayer-body';
import { describeRhythm, formatLocalDay } from '@/features/prayers/utils/rhythm';
import { SHARED_WITH_YOU } from '@/features/prayers/utils/journal-label';
import { ShareDialog } from '@/features/sharing/components/lazy-dialogs';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { useAuthStore } from '@/stores/auth-store';

const LOAD_PRAYER_FAILED = 'Failed to load the prayer. Please try again.';

/** 404, and 400 for an id that is not even well-formed: either way there is no such prayer. */
function isMissing(error: unknown) {
  return isApiError(error, 404) || isApiError(error, 400);
}

function PrayerPageSkeleton() {
  return (
    <div aria-busy="true" className="grid max-w-3xl gap-6">
      <p role="status" className="sr-only">
        Loading prayer...
      </p>
      <Skeleton className="h-8 w-20" />
      <div className="grid gap-3">
        <Skeleton className="h-9 w-80 max-w-full" />
        <Skeleton className="h-5 w-64 max-w-full" />
      </div>
      <Skeleton className="h-40" />
      <Skeleton className="h-24" />
    </div>
  );
}

function PrayerNotFound() {
  return (
    <ItemNotFound
      icon={FileQuestion}
      title="Prayer Not Found"
      message="The prayer you are looking for does not exist or you do not have access."
      backHref={paths.app.prayers.getHref()}
      backLabel="Back to Prayer Points"
    />
  );
}

/**
 * /prayer/:id: one prayer to read (where shared prayer links lead); its author may edit it
 * (issue 29 §2), set its rhythm and share it.
 */
export default function PrayerRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useAuthStore((state) => state.user?._id);
  const prayer = useQuery(prayerQueryOptions(id));
  const [shareOpen, setShareOpen] = useState(false);
  const [rhythmOpen, setRhythmOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);

  const loadError = prayer.isError && !prayer.data ? prayer.error : null;
  useErrorToast(loadError && !isMissing(loadError) ? loadError : null, 'Error', LOAD_PRAYER_FAILED);

  if (prayer.isPending) return <PrayerPageSkeleton />;
  if (loadError) {
    return isMissing(loadError) ? (
      <>
        <title>Prayer Not Found · Selah</title>
        <PrayerNotFound />
      </>
    ) : (
      <PageLoadError
        message={getErrorMessage(loadError, LOAD_PRAYER_FAILED)}
        onRetry={() => void prayer.refetch()}
      />
    );
  }

  const data = prayer.data;
  if (!data) return <PrayerNotFound />;
  const isAuthor = userId !== undefined && data.author === userId;
  const answered = data.status === 'answered';

  return (
    <article className="grid max-w-3xl gap-6" aria-labelledby="prayer-title">
      <title>{`${data.title} · Selah`}</title>
      <div>
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3"
          // Back to where the user came from; to Prayer Points when the link was opened directly.
          onClick={() =>
            location.key === 'default'
              ? void navigate(paths.app.prayers.getHref())
              : void navigate(-1)
          }
        >
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-3">
          <h1 id="prayer-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
            {data.title}
          </h1>
          <PrayerBadges prayer={data} className="text-sm text-muted-foreground">
            {data.journalTitle === null ? (
              // Shared with the viewer, in a journal they may not read: no title, no link.
              <span className="flex items-center gap-1.5">
                <Users className="size-4 shrink-0" aria-hidden="true" />
                {SHARED_WITH_YOU}
              </span>
            ) : (
              <Link
                to={paths.app.journal.getHref(data.journal)}
                className="flex min-w-0 items-center gap-1.5 rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <BookOpen className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">Journal: </span>
                <span className="truncate">{data.journalTitle}</span>
              </Link>
            )}
          </PrayerBadges>
        </div>
        <div className="flex flex-wrap gap-2">
          <PrayedButton
            prayerId={data._id}
            title={data.title}
            describedBy="prayer-title"
            size="default"
          />
          {isAuthor && (
            <Button variant="outline" className="w-fit" onClick={() => setEditOpen(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )}
          {isAuthor && (
            <Button variant="outline" className="w-fit" onClick={() => setRhythmOpen(true)}>
              <CalendarClock aria-hidden="true" />
              Rhythm
            </Button>
          )}
          {isAuthor && (
            <Button variant="outline" className="w-fit" onClick={() => setShareOpen(true)}>
              <Share2 aria-hidden="true" />
              Share
            </Button>
          )}
        </div>
      </header>
      <PrayedSummary prayerId={data._id} className="-mt-3" />

      <Card className="gap-4">
        <CardContent className="grid gap-5">
          <PrayerBody prayer={data} />
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Added</dt>
            <dd>{formatDate(data.createdAt)}</dd>
            {answered && (
              <>
                <dt className="text-muted-foreground">Answered on</dt>
                <dd>{formatDate(data.answeredAt)}</dd>
              </>
            )}
            <dt className="text-muted-foreground">Last updated</dt>
            <dd>{formatDate(data.updatedAt)}</dd>
            {isAuthor && (
              <>
                <dt className="text-muted-foreground">Rhythm</dt>
                <dd data-testid="prayer-rhythm">
                  {describeRhythm(data.rhythm)}
                  {data.rhythm.snoozeUntil &&
                    ` · snoozed until ${formatLocalDay(data.rhythm.snoozeUntil)}`}
                </dd>
              </>
            )}
          </dl>
        </CardContent>
      </Card>

      {(answered || data.testimonies.length > 0) && (
        <section aria-labelledby="prayer-testimonies" className="grid gap-3">
          <h2 id="prayer-testimonies" className="text-lg font-semibold">
            Testimonies
          </h2>
          {data.testimonies.length === 0 ? (
            <p className="text-sm text-muted-foreground">No testimonies yet.</p>
          ) : (
            <ul className="grid gap-3">
              {data.testimonies.map((testimony, index) => (
                <li
                  key={index}
                  className="rounded-lg border bg-card p-4 text-sm whitespace-pre-wrap"
                >
                  {testimony}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <PrayerTimeline prayerId={data._id} isAuthor={isAuthor} />

      {isAuthor && <RhythmDialog prayer={data} open={rhythmOpen} onOpenChange={setRhythmOpen} />}
      {isAuthor && <PrayerFormDialog prayer={data} open={editOpen} onOpenChange={setEditOpen} />}
      {isAuthor && (
        <ShareDialog
          open={shareOpen}
          onOpenChange={setShareOpen}
          kind="prayer"
          id={data._id}
          title={data.title}
          isOwner
        />
      )}
    </article>
  );
}
