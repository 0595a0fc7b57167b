import type { Friend } from '@selah/shared/schemas/friends';
import { BookOpen, UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { Button } from '@/components/ui/button';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn, displayName } from '@/lib/utils';
import { useRemoveFriend } from '../api/remove-friend';
import { activityText, isOnline } from '../utils/presence';

/** A green dot when the friend was active in the last 5 minutes, a grey one otherwise. */
export function StatusDot({ online, className }: { online: boolean; className?: string }) {
  return (
    <span
      role="img"
      aria-label={online ? 'Online' : 'Offline'}
      data-online={online}
      className={cn(
        'block size-3 rounded-full ring-2 ring-card',
        online ? 'bg-emerald-500' : 'bg-zinc-400 dark:bg-zinc-500',
        className,
      )}
    />
  );
}

/**
 * A friend (spec-2 "/friends"): avatar with status dot, name (or e-mail), activity, the number
 * of journals both belong to, and Remove behind a confirmation.
 */
export function FriendCard({ friend, now }: { friend: Friend; now: number }) {
  const id = useId();
  const name = displayName(friend, friend.email);
  const online = isOnline(friend.lastActive, now);
  const journals = friend.mutualJournals;
  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex items-center gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="relative shrink-0">
        <PersonAvatar name={name} src={friend.profilePicture} className="size-11" />
        <StatusDot online={online} className="absolute right-0 bottom-0" />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h3 id={`${id}-name`} className="font-medium">
          {name}
        </h3>
        <p className={cn('text-xs', online ? 'text-foreground' : 'text-muted-foreground')}>
          {activityText(friend.lastActive, now)}
        </p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <BookOpen className="size-3.5 shrink-0" aria-hidden="true" />
          {journals === 1 ? '1 shared journal' : `${journals} shared journals`}
        </p>
      </div>
      <RemoveFriendButton friendId={friend._id} name={name} />
    </article>
  );
}

function RemoveFriendButton({ friendId, name }: { friendId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const removeFriend = useRemoveFriend();
  const onConfirm = () =>
    removeFriend.mutate(friendId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Friend removed.', {
          description: `${name} is no longer in your friends list.`,
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast.error('Error removing friend', {
          description: getErrorMessage(error, 'Failed to remove friend. Please try again.'),
        });
      },
    });
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <UserMinus aria-hidden="true" />
          Remove
        </Button>
      }
      title={`Remove ${name}?`}
      description={`Sharing between you ends: ${name} leaves the journals you shared with them (and you theirs), and shared prayers, prayer requests and group invitations are withdrawn. You can send a new friend request later.`}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      pending={removeFriend.isPending}
      onConfirm={onConfirm}
    />
  );
}
