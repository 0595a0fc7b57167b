import { Check, Copy } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { UpgradeNotice } from '@/components/errors/upgrade-notice';
import { FriendPicker } from '@/components/friends/friend-picker';
import { Button } from '@/components/ui/button';
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
import { paths } from '@/config/paths';
import { useFriendChoices } from '@/hooks/use-friend-choices';
import { getErrorMessage } from '@/lib/api-client';
import { getPlanLimit } from '@/lib/plan-limit';
import { toast } from '@/lib/toast';
import { useShares } from '../api/get-shares';
import { useShareItem, type ShareKind } from '../api/share-item';
import { SharedWithList } from './shared-with-list';

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

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  throw new Error('Copying is not available in this browser.');
}

/**
 * Shares a journal or a prayer (spec-1 §2 "Share dialog", §5 "Share"): tick friends from the
 * user's real friends list and share, or copy the link. Its owner (a prayer's author) also sees
 * who it is shared with and may take each share back. The contents mount with the dialog, so
 * each opening starts with nobody ticked.
 */
export function ShareDialog({
  open,
  onOpenChange,
  kind,
  id,
  title,
  isOwner = false,
  isPublicJournal = false,
  canShareWithFriends = true,
  notice,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: ShareKind;
  id: string;
  title: string;
  /** The journal's owner or the prayer's author: shows 'Shared with'. */
  isOwner?: boolean;
  /** A public journal: anyone signed in reads it, so it has no shares to take back. */
  isPublicJournal?: boolean;
  /** False for a member of someone else's private journal: only its owner shares it. */
  canShareWithFriends?: boolean;
  /** Said before sharing, e.g. how many of the journal's prayers are private (issue 29 §2). */
  notice?: ReactNode;
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
        {notice}
        <ShareContents
          kind={kind}
          id={id}
          title={title}
          isOwner={isOwner}
          isPublicJournal={isPublicJournal}
          canShareWithFriends={canShareWithFriends}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function ShareContents({
  kind,
  id,
  title,
  isOwner,
  isPublicJournal,
  canShareWithFriends,
  onDone,
}: {
  kind: ShareKind;
  id: string;
  title: string;
  isOwner: boolean;
  isPublicJournal: boolean;
  canShareWithFriends: boolean;
  onDone: () => void;
}) {
  const fieldId = useId();
  const friends = useFriendChoices({ enabled: canShareWithFriends });
  // The owner's 'Shared with' list (the same query): those friends are shown as already shared.
  const shares = useShares(kind, id, { enabled: isOwner && !isPublicJournal });
  const sharedIds = new Set(shares.data?.map((person) => person._id));
  const share = useShareItem();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [copied, setCopied] = useState(false);
  // A journal at its plan's member limit (decisions §3): said here, with the way up.
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const link = shareLink(kind, id);

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

  const friendList = (
    <FriendPicker
      friends={friends}
      selected={selected}
      onSelectedChange={setSelected}
      emptyMessage="You have no friends to share with yet."
      unavailable={(friend) => (sharedIds.has(friend._id) ? 'Already shared' : undefined)}
      listClassName="max-h-64"
    />
  );

  const hasFriends = Boolean(friends.data && friends.data.length > 0);

  return (
    <>
      <section aria-labelledby={`${fieldId}-friends`} className="grid gap-3">
        <h3 id={`${fieldId}-friends`} className="text-sm font-medium">
          Share with friends
        </h3>
        {canShareWithFriends ? (
          friendList
        ) : (
          <p className="text-sm text-muted-foreground">
            Only the owner can share a private journal. Its link opens it for its members.
          </p>
        )}
        {limitMessage && <UpgradeNotice message={limitMessage} />}
        {canShareWithFriends && hasFriends && (
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
      {isOwner && (
        <>
          <section aria-labelledby={`${fieldId}-shared`} className="grid gap-3">
            <h3 id={`${fieldId}-shared`} className="text-sm font-medium">
              Shared with
            </h3>
            <SharedWithList kind={kind} id={id} title={title} isPublicJournal={isPublicJournal} />
          </section>
          <Separator />
        </>
      )}
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
