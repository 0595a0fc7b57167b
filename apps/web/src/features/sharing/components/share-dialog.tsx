import type { Friend } from '@selah/shared/schemas/friends';
import { Check, Copy, Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { UpgradeNotice } from '@/components/errors/upgrade-notice';
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
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { getPlanLimit } from '@/lib/plan-limit';
import {
  LOAD_FRIENDS_FAILED,
  LOAD_FRIENDS_FAILED_TITLE,
  useShareFriends,
} from '../api/get-friends';
import { useShareItem, type ShareKind } from '../api/share-item';

/** Above this many friends the list gets a filter box. */
const FILTER_FROM = 7;
const SHARE_FAILED = 'Something went wrong while sharing. Please try again.';

const LABELS: Record<ShareKind, { title: string; noun: string; link: string }> = {
  journal: { title: 'Share Journal', noun: 'journal', link: 'Journal link' },
  prayer: { title: 'Share Prayer', noun: 'prayer', link: 'Prayer link' },
};

/** This server's own link to a journal or a prayer (decisions §2). */
export function shareLink(kind: ShareKind, id: string) {
  const path = kind === 'journal' ? paths.app.journal.getHref(id) : paths.app.prayer.getHref(id);
  return `${window.location.origin}${path}`;
}

function friendName(friend: Friend) {
  return `${friend.firstName} ${friend.lastName}`.trim() || friend.email;
}

function initials(name: string) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return letters || 'U';
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  throw new Error('Copying is not available in this browser.');
}

/**
 * Shares a journal or a prayer (spec-1 §2 "Share dialog", §5 "Share"): tick friends from the
 * user's real friends list and share, or copy the link. The contents mount with the dialog, so
 * each opening starts with nobody ticked.
 */
export function ShareDialog({
  open,
  onOpenChange,
  kind,
  id,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: ShareKind;
  id: string;
  title: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{LABELS[kind].title}</DialogTitle>
          <DialogDescription>
            Share &ldquo;{title}&rdquo; with your friends, or copy its link.
          </DialogDescription>
        </DialogHeader>
        <ShareContents kind={kind} id={id} title={title} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ShareContents({
  kind,
  id,
  title,
  onDone,
}: {
  kind: ShareKind;
  id: string;
  title: string;
  onDone: () => void;
}) {
  const fieldId = useId();
  const friends = useShareFriends();
  const share = useShareItem();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [copied, setCopied] = useState(false);
  // A journal at its plan's member limit (decisions §3): said here, with the way up.
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const link = shareLink(kind, id);

  const toggle = (friendId: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(friendId);
      else next.delete(friendId);
      return next;
    });

  const onShare = () => {
    if (selected.size === 0) {
      toast.error('No one selected', {
        description: 'Please select at least one friend to share with.',
      });
      return;
    }
    setLimitMessage(null);
    share.mutate(
      { kind, id, userIds: [...selected] },
      {
        onSuccess: ({ sharedWith }) => {
          toast.success('Shared successfully!', {
            description: `"${title}" was shared with ${sharedWith} ${sharedWith === 1 ? 'person' : 'people'}.`,
          });
          onDone();
        },
        onError: (error) => {
          setLimitMessage(getPlanLimit(error)?.message ?? null);
          toast.error('Failed to share', { description: getErrorMessage(error, SHARE_FAILED) });
        },
      },
    );
  };

  const onCopy = () =>
    void copyText(link).then(
      () => {
        setCopied(true);
        toast.success('Link copied!', {
          description: `The ${LABELS[kind].noun} link is on your clipboard.`,
        });
      },
      (error: unknown) =>
        toast.error('Error', {
          description: error instanceof Error ? error.message : 'Could not copy the link.',
        }),
    );

  let friendList: ReactNode;
  if (friends.isPending) {
    friendList = (
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
    friendList = (
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
    friendList = (
      <div className="grid gap-2 rounded-md border border-dashed p-4 text-center text-sm">
        <p>You have no friends to share with yet.</p>
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
    friendList = (
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
        <ul aria-label="Friends" className="-mx-1 grid max-h-64 gap-1 overflow-y-auto px-1 py-1">
          {shown.map((friend) => {
            const name = friendName(friend);
            const checkboxId = `${fieldId}-${friend._id}`;
            return (
              <li key={friend._id}>
                <label
                  htmlFor={checkboxId}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-accent"
                >
                  <Checkbox
                    id={checkboxId}
                    checked={selected.has(friend._id)}
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
                      @{friend.username}
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

  const hasFriends = Boolean(friends.data && friends.data.length > 0);

  return (
    <>
      <section aria-labelledby={`${fieldId}-friends`} className="grid gap-3">
        <h3 id={`${fieldId}-friends`} className="text-sm font-medium">
          Share with friends
        </h3>
        {friendList}
        {limitMessage && <UpgradeNotice message={limitMessage} />}
        {hasFriends && (
          <Button
            className="w-full sm:w-fit sm:justify-self-end"
            disabled={share.isPending}
            onClick={onShare}
          >
            {share.isPending ? 'Sharing...' : 'Share'}
          </Button>
        )}
      </section>
      <Separator />
      <div className="grid gap-2">
        <Label htmlFor={`${fieldId}-link`}>{LABELS[kind].link}</Label>
        <div className="flex gap-2">
          <Input
            id={`${fieldId}-link`}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={onCopy} className="shrink-0">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            Copy
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
      </DialogFooter>
    </>
  );
}
