import type { Friend } from '@selah/shared/schemas/friends';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SearchInput } from '@/components/forms/search-input';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn, displayName } from '@/lib/utils';

export const LOAD_FRIENDS_FAILED_TITLE = 'Failed to load friends';
export const LOAD_FRIENDS_FAILED = 'Unable to load your friends list. Please try again.';

/** Above this many friends the list gets a filter box. */
const FILTER_FROM = 7;

/**
 * Ticks friends from the user's friends list (inviting to a group, sharing a journal or a
 * prayer): loading, error (with a retry), no friends (with a link to find some), a filter box
 * from seven friends, and a live count of who is ticked. A friend for whom `unavailable` gives a
 * note (e.g. 'Already a member') shows it ticked and cannot be changed.
 */
export function FriendPicker({
  friends,
  selected,
  onSelectedChange,
  emptyMessage,
  unavailable,
  listClassName = 'max-h-72',
}: {
  friends: UseQueryResult<Friend[]>;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: ReadonlySet<string>) => void;
  /** What a user with no friends reads, e.g. 'You have no friends to invite yet.' */
  emptyMessage: string;
  unavailable?: (friend: Friend) => string | undefined;
  listClassName?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');

  if (friends.isPending) {
    return (
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
  }
  if (friends.isError) {
    return (
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
  }
  if (friends.data.length === 0) {
    return (
      <div className="grid gap-2 rounded-md border border-dashed p-4 text-center text-sm">
        <p>{emptyMessage}</p>
        <Button asChild size="sm" variant="outline" className="mx-auto w-fit">
          <Link to={paths.app.friends.getHref()}>Find friends</Link>
        </Button>
      </div>
    );
  }

  const toggle = (friendId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(friendId);
    else next.delete(friendId);
    onSelectedChange(next);
  };
  const needle = filter.trim().toLowerCase();
  const shown = friends.data.filter(
    (friend) =>
      !needle ||
      displayName(friend, friend.email).toLowerCase().includes(needle) ||
      friend.email.toLowerCase().includes(needle) ||
      friend.username.toLowerCase().includes(needle),
  );
  return (
    <div className="grid gap-3">
      {friends.data.length >= FILTER_FROM && (
        <SearchInput
          aria-label="Filter friends"
          placeholder="Search friends..."
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <ul
        aria-label="Friends"
        className={cn('-mx-1 grid gap-1 overflow-y-auto px-1 py-1', listClassName)}
      >
        {shown.map((friend) => {
          const name = displayName(friend, friend.email);
          const note = unavailable?.(friend);
          const checkboxId = `${id}-${friend._id}`;
          return (
            <li key={friend._id}>
              <label
                htmlFor={checkboxId}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-accent has-[:disabled]:cursor-default has-[:disabled]:opacity-60 has-[:disabled]:hover:bg-transparent"
              >
                <Checkbox
                  id={checkboxId}
                  checked={note !== undefined || selected.has(friend._id)}
                  disabled={note !== undefined}
                  onCheckedChange={(checked) => toggle(friend._id, checked === true)}
                />
                <PersonAvatar name={name} src={friend.profilePicture} className="size-8" />
                <span className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-medium">{name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {note ?? `@${friend.username}`}
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
