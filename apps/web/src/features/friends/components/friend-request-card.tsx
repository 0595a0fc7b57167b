import type { FriendRequest } from '@selah/shared/schemas/friends';
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { cn, displayName } from '@/lib/utils';
import { useAcceptFriendRequest } from '../api/accept-friend-request';
import { useCancelFriendRequest } from '../api/cancel-friend-request';
import { useRejectFriendRequest } from '../api/reject-friend-request';

const CARD = 'flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 shadow-sm';

/** A request someone sent the user: who and when, with Accept and Reject. */
export function IncomingRequestCard({ request }: { request: FriendRequest }) {
  const id = useId();
  const accept = useAcceptFriendRequest();
  const reject = useRejectFriendRequest();
  const name = displayName(request.requester, request.requester.email);
  const busy = accept.isPending || reject.isPending;

  const onAccept = () =>
    accept.mutate(request._id, {
      onSuccess: () =>
        toast.success('Friend request accepted!', {
          description: `You and ${name} are now friends.`,
        }),
      onError: (error) =>
        toast.error('Error accepting request', {
          description: getErrorMessage(error, 'Failed to accept friend request. Please try again.'),
        }),
    });
  const onReject = () =>
    reject.mutate(request._id, {
      onSuccess: () => toast.success('Friend request rejected.'),
      onError: (error) =>
        toast.error('Error rejecting request', {
          description: getErrorMessage(error, 'Failed to reject friend request. Please try again.'),
        }),
    });

  return (
    <article aria-labelledby={`${id}-name`} className={CARD}>
      <PersonAvatar name={name} src={request.requester.profilePicture} className="size-11" />
      <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
        <h3 id={`${id}-name`} className="font-medium">
          {name}
        </h3>
        {name !== request.requester.email && (
          <p className="truncate text-xs text-muted-foreground">{request.requester.email}</p>
        )}
        <p className="text-xs text-muted-foreground">
          Requested {formatDate(request.createdAt, 'short')}
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={onAccept} disabled={busy}>
          <Check aria-hidden="true" />
          Accept
        </Button>
        <Button size="sm" variant="outline" onClick={onReject} disabled={busy}>
          <X aria-hidden="true" />
          Reject
        </Button>
      </div>
    </article>
  );
}

/** What a sent request shows for someone whose profile the user may not see. */
export const PRIVATE_PROFILE = 'Private profile';

/**
 * A request the user sent that is still waiting, with Cancel. A recipient whose profile the user
 * may not see comes without name, username or photo: 'Private profile'.
 */
export function OutgoingRequestCard({ request }: { request: FriendRequest }) {
  const id = useId();
  const cancel = useCancelFriendRequest();
  const recipient = request.recipient;
  const hidden = !recipient.username;
  const name = displayName(recipient, PRIVATE_PROFILE);

  const onCancel = () =>
    cancel.mutate(request._id, {
      onSuccess: () =>
        toast.success('Friend request cancelled.', {
          description: hidden
            ? 'Your request was withdrawn.'
            : `Your request to ${name} was withdrawn.`,
        }),
      onError: (error) =>
        toast.error('Error cancelling request', {
          description: getErrorMessage(error, 'Failed to cancel friend request. Please try again.'),
        }),
    });

  return (
    <article aria-labelledby={`${id}-name`} className={CARD}>
      <PersonAvatar name={name} src={recipient.avatar} hidden={hidden} className="size-11" />
      <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
        <h3 id={`${id}-name`} className={cn('font-medium', hidden && 'text-muted-foreground')}>
          {name}
        </h3>
        {!hidden && <p className="truncate text-xs text-muted-foreground">@{recipient.username}</p>}
        <p className="text-xs text-muted-foreground">
          Sent {formatDate(request.createdAt, 'short')}
        </p>
      </div>
      <Button size="sm" variant="outline" onClick={onCancel} disabled={cancel.isPending}>
        {cancel.isPending ? 'Cancelling...' : 'Cancel'}
      </Button>
    </article>
  );
}
