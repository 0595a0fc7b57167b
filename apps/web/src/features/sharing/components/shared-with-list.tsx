import type { PublicUser } from '@selah/shared/schemas/friends';
import { UserMinus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { displayName } from '@/lib/utils';
import { LOAD_SHARES_FAILED, useShares } from '../api/get-shares';
import type { ShareKind } from '../api/share-item';
import { useStopSharing } from '../api/stop-sharing';

const STOP_FAILED = 'Something went wrong while taking the share back. Please try again.';

const EMPTY: Record<ShareKind, string> = {
  journal: 'You have not shared this journal with anyone yet.',
  prayer: 'You have not shared this prayer with anyone yet.',
};

/**
 * 'Shared with' (the owner's or author's view): the people a private journal or a prayer is
 * shared with, each with 'Stop sharing'. A public journal is read by anyone signed in, so it has
 * no shares to take back; one line says so instead.
 */
export function SharedWithList({
  kind,
  id,
  title,
  isPublicJournal = false,
}: {
  kind: ShareKind;
  id: string;
  title: string;
  isPublicJournal?: boolean;
}) {
  const shares = useShares(kind, id, { enabled: !isPublicJournal });

  if (isPublicJournal) {
    return (
      <p className="text-sm text-muted-foreground">
        This journal is public: anyone signed in can read it, so there is no share to take back.
      </p>
    );
  }
  if (shares.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span role="status" className="sr-only">
          Loading who this is shared with...
        </span>
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="flex items-center gap-3" aria-hidden="true">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="ml-auto h-8 w-24" />
          </div>
        ))}
      </div>
    );
  }
  if (shares.isError) {
    return (
      <div role="alert" className="grid gap-2 rounded-md border border-dashed p-4 text-sm">
        <p className="font-medium">{LOAD_SHARES_FAILED}</p>
        <p className="text-muted-foreground">{getErrorMessage(shares.error)}</p>
        <Button size="sm" variant="outline" className="w-fit" onClick={() => void shares.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (shares.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{EMPTY[kind]}</p>;
  }
  return (
    <ul aria-label="Shared with" className="-mx-1 grid max-h-56 gap-1 overflow-y-auto px-1 py-1">
      {shares.data.map((person) => (
        <SharedWithRow key={person._id} kind={kind} id={id} title={title} person={person} />
      ))}
    </ul>
  );
}

function SharedWithRow({
  kind,
  id,
  title,
  person,
}: {
  kind: ShareKind;
  id: string;
  title: string;
  person: PublicUser;
}) {
  const stop = useStopSharing();
  const name = displayName(person, 'Private profile');

  const onStop = () =>
    stop.mutate(
      { kind, id, userId: person._id },
      {
        onSuccess: () =>
          toast.success('Stopped sharing', {
            description: `${name} can no longer read "${title}".`,
          }),
        onError: (error) =>
          toast.error('Failed to stop sharing', {
            description: getErrorMessage(error, STOP_FAILED),
          }),
      },
    );

  return (
    <li className="flex items-center gap-3 rounded-md px-2 py-1.5">
      <PersonAvatar name={name} src={person.avatar} className="size-8" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium">{name}</span>
        {person.username && (
          <span className="truncate text-xs text-muted-foreground">@{person.username}</span>
        )}
      </span>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0"
        aria-label={`Stop sharing with ${name}`}
        title="Stop sharing"
        disabled={stop.isPending}
        onClick={onStop}
      >
        <UserMinus aria-hidden="true" />
        {/* Icon only on narrow screens, where the name needs the room. */}
        <span className="sr-only sm:not-sr-only">
          {stop.isPending ? 'Stopping...' : 'Stop sharing'}
        </span>
      </Button>
    </li>
  );
}
