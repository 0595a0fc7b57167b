import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

const FAILED = 'You could not be signed out everywhere. Please try again.';

/**
 * Sign out everywhere: after a confirmation every session of the account ends on the server,
 * this browser's too; `onSignedOut` then clears this browser and leaves for the landing page.
 */
export function SessionsCard({ onSignedOut }: { onSignedOut: () => void }) {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();

  // A promise rather than mutate's callbacks, which never run once this card has unmounted.
  const onConfirm = () =>
    void signOut.mutateAsync().then(
      () => {
        toast.success('Signed out everywhere', {
          description: 'Every device signed in to your account has been signed out.',
        });
        onSignedOut();
      },
      (error: unknown) => {
        toast.error('Not signed out', { description: getErrorMessage(error, FAILED) });
        setOpen(false);
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">Signed-in devices</h2>
        </CardTitle>
        <CardDescription>
          Lost a phone, or signed in on a shared computer? Sign out of Selah on every browser and
          device at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          trigger={
            <Button variant="outline" className="w-fit">
              <LogOut aria-hidden="true" />
              Sign out everywhere
            </Button>
          }
          title="Sign out everywhere?"
          description="Every browser and device signed in to your account is signed out at once, this one too, and stops receiving notifications. You can sign in again afterwards."
          confirmLabel="Sign out everywhere"
          pendingLabel="Signing out..."
          pending={signOut.isPending}
          onConfirm={onConfirm}
        />
      </CardContent>
    </Card>
  );
}
