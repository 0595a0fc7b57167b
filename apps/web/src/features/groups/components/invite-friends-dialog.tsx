import type { Friend } from '@selah/shared/schemas/friends';
import type { PrayerGroupDetail } from '@selah/shared/schemas/groups';
import { Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import {
  LOAD_FRIENDS_FAILED,
  LOAD_FRIENDS_FAILED_TITLE,
  useFriendChoices,
} from '../api/get-friends';
import { useInviteToGroup } from '../api/invite-to-group';
import { initials } from '../utils/group-text';

/** Above this many friends the list gets a filter box. */
const FILTER_FROM = 7;

function friendName(friend: Friend) {
  return `${friend.firstName} ${friend.lastName}`.trim() || friend.email;
}

/** Invites friends to a group (admins); friends who already belong to it cannot be ticked. */
export function InviteFriendsDialog({
  group,
  open,
  onOpenChange,
}: {
  group: PrayerGroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invite Friends</DialogTitle>
          <DialogDescription>
            Invite friends to pray with you in &ldquo;{group.name}&rdquo;. They are notified and can
            join{group.isPublic ? '' : ' this private group'}.
          </DialogDescription>
        </DialogHeader>
        <InviteFriendsForm group={group} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function InviteFriendsForm({ group, onDone }: { group: PrayerGroupDetail; onDone: () => void }) {
  const id = useId();
  const friends = useFriendChoices();
  const invite = useInviteToGroup();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const memberIds = new Set(group.members.map((member) => member._id));

  const toggle = (friendId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(friendId);
      else next.delete(friendId);
      return next;
    });

  const onInvite = () => {
    if (selected.size === 0) {
      toast.error('No one selected', {
        description: 'Please select at least one friend to invite.',
      });
      return;
    }
    invite.mutate(
      { id: group._id, userIds: [...selected] },
      {
        onSuccess: ({ message }) => {
          toast.success('Invitations sent!', { description: message });
          onDone();
        },
        onError: (error) =>
          toast.error('Failed to invite friends', { description: getErrorMessage(error) }),
      },
    );
  };

  let body: ReactNode;
  if (friends.isPending) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        <span role="status" className="sr-only">
          Loading friends...
        </span>
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex items-center gap-3" aria-hidden="true">
            <Skeleton className="size-4" />
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
        ))}
      </div>
    );
  } else if (friends.isError) {
    body = (
      <div role="alert" className="grid gap-2 rounded-md border border-dashed p-4 text-sm">
        <p className="font-medium">{LOAD_FRIENDS_FAILED_TITLE}</p>
        <p className="text-muted-foreground">{LOAD_FRIENDS_FAILED}</p>
        <Button
          size="sm"
          variant="outline"
          className="w-fit"
          onClick={() => void friends.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  } else if (friends.data.length === 0) {
    body = (
      <div className="grid gap-2 rounded-md border border-dashed p-4 text-center text-sm">
        <p>You have no friends to invite yet.</p>
        <Button asChild size="sm" variant="outline" className="mx-auto w-fit">
          <Link to={paths.app.friends.getHref()}>Find friends</Link>
        </Button>
      </div>
    );
  } else {
    const needle = filter.trim().toLowerCase();
    const shown = friends.data.filter(
      (friend) =>
        !needle ||
        friendName(friend).toLowerCase().includes(needle) ||
        friend.email.toLowerCase().includes(needle) ||
        friend.username.toLowerCase().includes(needle),
    );
    body = (
      <div className="grid gap-3">
        {friends.data.length >= FILTER_FROM && (
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Filter friends"
              placeholder="Search friends..."
              className="pl-9"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
        )}
        <ul aria-label="Friends" className="-mx-1 grid max-h-72 gap-1 overflow-y-auto px-1 py-1">
          {shown.map((friend) => {
            const name = friendName(friend);
            const isMember = memberIds.has(friend._id);
            const checkboxId = `${id}-${friend._id}`;
            return (
              <li key={friend._id}>
                <label
                  htmlFor={checkboxId}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-accent has-[:disabled]:cursor-default has-[:disabled]:opacity-60 has-[:disabled]:hover:bg-transparent"
                >
                  <Checkbox
                    id={checkboxId}
                    checked={isMember || selected.has(friend._id)}
                    disabled={isMember}
                    onCheckedChange={(checked) => toggle(friend._id, checked === true)}
                  />
                  <Avatar className="size-8">
                    {friend.profilePicture && (
                      <AvatarImage
                        src={friend.profilePicture}
                        alt=""
                        referrerPolicy="no-referrer"
                      />
                    )}
                    <AvatarFallback>{initials(name)}</AvatarFallback>
                  </Avatar>
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate text-sm font-medium">{name}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {isMember ? 'Already a member' : `@${friend.username}`}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
          {shown.length === 0 && (
            <li className="px-2 py-3 text-sm text-muted-foreground">No friends match.</li>
          )}
        </ul>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.size === 0 ? 'No one selected yet.' : `${selected.size} selected`}
        </p>
      </div>
    );
  }

  return (
    <>
      {body}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button
          onClick={onInvite}
          disabled={invite.isPending || !friends.data || friends.data.length === 0}
        >
          {invite.isPending ? 'Sending...' : 'Send Invites'}
        </Button>
      </DialogFooter>
    </>
  );
}
