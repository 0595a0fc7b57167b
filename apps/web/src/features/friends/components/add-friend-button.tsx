import type { UserSearchResult } from '@selah/shared/schemas/friends';
import { Check, Clock, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSendFriendRequest } from '../api/send-friend-request';
import { displayName } from '@/lib/utils';

export const SEND_REQUEST_ERROR = 'Failed to send friend request. Please try again.';

/**
 * What the user can do about another user: Add (send a request), Accept (they asked first),
 * or the state when there is nothing to do ('Request sent', 'Friends').
 */
export function AddFriendButton({
  user,
  errorTitle,
}: {
  user: Pick<UserSearchResult, '_id' | 'username' | 'relation'>;
  /** 'Error sending request' in the side panel, 'Error sending friend request' in the dialog. */
  errorTitle: string;
}) {
  const send = useSendFriendRequest();
  // The lists are read again after a request; until then the answer decides what shows.
  // It holds only as long as the server still reports the relation it answered.
  const [answered, setAnswered] = useState<{
    from: UserSearchResult['relation'];
    to: UserSearchResult['relation'];
  } | null>(null);
  const relation = answered?.from === user.relation ? answered.to : user.relation;

  if (relation === 'friend') {
    return (
      <Badge variant="secondary" className="shrink-0">
        <Check aria-hidden="true" />
        Friends
      </Badge>
    );
  }
  if (relation === 'request_sent') {
    return (
      <Badge variant="outline" className="shrink-0 text-muted-foreground">
        <Clock aria-hidden="true" />
        Request sent
      </Badge>
    );
  }

  const onSend = () =>
    send.mutate(user._id, {
      onSuccess: ({ message }) => {
        const accepted = message === 'Friend request accepted!';
        setAnswered({ from: user.relation, to: accepted ? 'friend' : 'request_sent' });
        toast.success(message, {
          description: accepted
            ? `You and ${displayName(user)} are now friends.`
            : `${displayName(user)} will see your request.`,
        });
      },
      onError: (error) =>
        toast.error(errorTitle, { description: getErrorMessage(error, SEND_REQUEST_ERROR) }),
    });

  return (
    <Button
      size="sm"
      variant={relation === 'request_received' ? 'default' : 'outline'}
      className="shrink-0"
      onClick={onSend}
      disabled={send.isPending}
    >
      {relation === 'request_received' ? (
        <Check aria-hidden="true" />
      ) : (
        <UserPlus aria-hidden="true" />
      )}
      {relation === 'request_received' ? 'Accept' : 'Add'}
    </Button>
  );
}
