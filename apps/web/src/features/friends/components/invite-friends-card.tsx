import { Copy, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useInviteLink } from '../api/get-invite-link';

async function copyText(text: string) {
  if (!navigator.clipboard?.writeText) {
    throw new Error('Copying is not available in this browser. Select the link and copy it.');
  }
  await navigator.clipboard.writeText(text);
}

/**
 * 'Invite Friends': the user's own sign-up link (decisions §2: real, not a placeholder). Whoever
 * joins through it finds a friend request from the user waiting.
 */
export function InviteFriendsCard({ onInviteByEmail }: { onInviteByEmail: () => void }) {
  const link = useInviteLink();

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
        ) : (
          <Input
            readOnly
            aria-label="Your invite link"
            value={link.data}
            onFocus={(event) => event.currentTarget.select()}
            className="text-xs md:text-xs"
          />
        )}
        <Button onClick={onCopy} disabled={!link.data}>
          <Copy aria-hidden="true" />
          Copy invite link
        </Button>
        <Button variant="outline" onClick={onInviteByEmail}>
          <Send aria-hidden="true" />
          Invite by email
        </Button>
      </CardContent>
    </Card>
  );
}
