import { Copy, Link2, Loader2, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateInviteLink } from '../api/create-invite-link';
import { useInviteLink } from '../api/get-invite-link';

async function copyText(text: string) {
  if (!navigator.clipboard?.writeText) {
    throw new Error('Copying is not available in this browser. Select the link and copy it.');
  }
  await navigator.clipboard.writeText(text);
}

/**
 * 'Invite Friends': the user's own sign-up link (decisions §2: real, not a placeholder). Whoever
 * joins through it finds a friend request from the user waiting. Reading the page makes nothing:
 * the user creates the link with a button, then copies it.
 */
export function InviteFriendsCard({ onInviteByEmail }: { onInviteByEmail: () => void }) {
  const link = useInviteLink();
  const create = useCreateInviteLink();
  const copyButton = useRef<HTMLButtonElement>(null);
  // The button that was pressed is gone once the link exists: keyboard focus moves to Copy.
  const created = create.isSuccess;
  useEffect(() => {
    if (created) copyButton.current?.focus();
  }, [created]);

  const onCopy = () => {
    if (!link.data) return;
    void copyText(link.data).then(
      () =>
        toast.success('Link copied!', { description: 'Your invite link is on your clipboard.' }),
      (error: unknown) =>
        toast.error('Error', {
          description: error instanceof Error ? error.message : 'Could not copy the link.',
        }),
    );
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Invite Friends</h2>
        </CardTitle>
        <CardDescription>
          Pray together on Selah. Anyone who signs up with your link gets a friend request from you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {link.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : link.isError ? (
          <div role="alert" className="flex items-center justify-between gap-2 text-sm">
            <span className="text-destructive">Your invite link could not be loaded.</span>
            <Button variant="outline" size="sm" onClick={() => void link.refetch()}>
              Try again
            </Button>
          </div>
        ) : link.data ? (
          <>
            <Input
              readOnly
              aria-label="Your invite link"
              value={link.data}
              onFocus={(event) => event.currentTarget.select()}
              className="text-xs md:text-xs"
            />
            <Button ref={copyButton} onClick={onCopy}>
              <Copy aria-hidden="true" />
              Copy invite link
            </Button>
          </>
        ) : (
          <>
            <p className="text-muted-foreground text-sm">
              You have no invite link yet. Create one to share it anywhere.
            </p>
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Link2 aria-hidden="true" />
              )}
              {create.isPending ? 'Creating invite link...' : 'Create invite link'}
            </Button>
            {create.isError ? (
              <p role="alert" className="text-destructive text-sm">
                Your invite link could not be created.{' '}
                {getErrorMessage(create.error, 'Please try again.')}
              </p>
            ) : null}
          </>
        )}
        <Button variant="outline" onClick={onInviteByEmail}>
          <Send aria-hidden="true" />
          Invite by email
        </Button>
      </CardContent>
    </Card>
  );
}
