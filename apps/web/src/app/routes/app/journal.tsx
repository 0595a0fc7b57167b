import { IdParamsSchema } from '@selah/shared/schemas/common';
import { useState } from 'react';
import {
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import { paths } from '@/config/paths';
import { useDeferredPending } from '@/hooks/use-deferred-pending';
import {
  journalQueryOptions,
  journalRead,
  LOAD_JOURNAL_FAILED,
  useJournal,
} from '@/api/get-journal';
import { DeleteJournalDialog } from '@/features/journals/components/lazy-dialogs';
import { JournalHeader } from '@/features/journals/components/journal-header';
import { JournalMembersCard } from '@/features/journals/components/journal-members-card';
import {
  JournalLoadError,
  JournalNotFound,
  JournalPageSkeleton,
} from '@/features/journals/components/journal-page-states';
import { JournalStatsCard } from '@/features/journals/components/journal-stats-card';
import { useErrorToast } from '@/hooks/use-error-toast';
import { PrayerFormDialog } from '@/features/prayers/components/lazy-dialogs';
import { JournalPrayersSection } from '@/features/prayers/components/journal-prayers-section';
import type { RenderPrayed } from '@/features/prayers/components/prayer-card';
import { PrayedButton } from '@/features/practice/components/prayed-button';
import { PrivatePrayersNotice } from '@/features/prayers/components/private-prayers-notice';
import { ShareDialog } from '@/features/sharing/components/lazy-dialogs';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { getQueryClient, prefetchRead } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { useSessionUser } from '@/stores/auth-store';
import { type LoaderSeeds, NO_SEEDS, readSeeds, seed, useLoaderSeeds } from '../../loader-seeds';

/** Each card's "Prayed" (the practice feature's) in the prayers feature's cards. */
const renderPrayed: RenderPrayed = (props) => <PrayedButton {...props} />;

/** The same element every render: React skips it when it renders again. */
const SKELETON = <JournalPageSkeleton />;

/** 404, and 400 for an id that is not even well-formed: either way there is no such journal. */
function isMissing(error: unknown) {
  return isApiError(error, 404) || isApiError(error, 400);
}

/**
 * On the server: the journal as GET /api/journals/:id reads it (the same checks: a malformed id,
 * or a journal the user may not read, gives nothing here, and the page shows the API's answer).
 */
export function loader({ context, params }: LoaderFunctionArgs): Promise<LoaderSeeds> {
  const id = params.id ?? '';
  return readSeeds(context, async ({ services, viewer }) => {
    if (!IdParamsSchema.safeParse({ id }).success) return [];
    const journal = await services.journals.detail(id, viewer);
    return [seed(journalQueryOptions(id).queryKey, journalRead(id).schema, journal)];
  });
}

/**
 * In the browser (a later navigation): starts the journal's read through the API as the page's
 * module loads, into the query cache the page renders from (its skeleton shows until it
 * arrives).
 */
export function clientLoader({ params }: LoaderFunctionArgs): LoaderSeeds {
  prefetchRead(getQueryClient(), journalQueryOptions(params.id ?? ''));
  return NO_SEEDS;
}

/** Only another journal is read anew (the query keeps itself fresh). */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.id !== nextParams.id;
}

export default function JournalRoute() {
  useLoaderSeeds(useLoaderData<typeof loader>());
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const journal = useJournal(id);
  const userId = useSessionUser()?._id;
  // The page renders as a time-sliced deferred render when the journal arrives (ADR 028).
  const pending = useDeferredPending(journal.isPending);
  const [dialog, setDialog] = useState<'share' | 'delete' | 'prayer' | null>(null);

  const loadError = journal.isError && !journal.data ? journal.error : null;
  useErrorToast(
    loadError && !isMissing(loadError) ? loadError : null,
    'Error',
    LOAD_JOURNAL_FAILED,
  );

  if (pending) return SKELETON;
  if (loadError) {
    return isMissing(loadError) ? (
      <>
        <title>Journal Not Found · Selah</title>
        <JournalNotFound />
      </>
    ) : (
      <JournalLoadError
        message={getErrorMessage(loadError, LOAD_JOURNAL_FAILED)}
        onRetry={() => void journal.refetch()}
      />
    );
  }

  const data = journal.data;
  if (!data) return <JournalNotFound />;
  const isOwner = data.membership === 'owner';
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <title>{`${data.title} · Selah`}</title>
      <JournalHeader
        journal={data}
        isOwner={isOwner}
        // Back to where the user came from; straight to the list when the page was opened directly.
        onBack={() =>
          location.key === 'default'
            ? void navigate(paths.app.journals.getHref())
            : void navigate(-1)
        }
        onShare={() => setDialog('share')}
        onNewPrayer={() => {
          if (!isOwner) {
            toast.error('Permission Denied', {
              description:
                'You can only add prayers to your own journal. Please contact the owner to contribute.',
            });
            return;
          }
          setDialog('prayer');
        }}
        onDelete={() => setDialog('delete')}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0">
          <JournalPrayersSection journal={data} canEdit={isOwner} renderPrayed={renderPrayed} />
        </div>
        <aside className="grid gap-4" aria-label="About this journal">
          <JournalStatsCard journal={data} />
          <JournalMembersCard
            journal={data}
            currentUserId={userId}
            onInvite={() => setDialog('share')}
            // The journal has left the user's lists; a private one is no longer theirs to read.
            onLeft={() => void navigate(paths.app.journals.getHref(), { replace: true })}
          />
        </aside>
      </div>
      <ShareDialog
        open={dialog === 'share'}
        onOpenChange={close}
        kind="journal"
        id={data._id}
        title={data.title}
        isOwner={isOwner}
        isPublicJournal={!data.isPrivate}
        canShareWithFriends={isOwner || !data.isPrivate}
        notice={
          isOwner ? <PrivatePrayersNotice journalId={data._id} audience="share" /> : undefined
        }
      />
      {isOwner && (
        <>
          <PrayerFormDialog
            open={dialog === 'prayer'}
            onOpenChange={close}
            defaultJournalId={data._id}
          />
          <DeleteJournalDialog
            journal={data}
            open={dialog === 'delete'}
            onOpenChange={close}
            onDeleted={() => void navigate(paths.app.journals.getHref(), { replace: true })}
          />
        </>
      )}
    </>
  );
}
