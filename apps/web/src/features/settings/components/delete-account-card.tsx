import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import {
  DangerConfirmDialog,
  GOOGLE_CONFIRMATION_EXPIRED,
  type DangerConfirmErrors,
} from './danger-confirm-dialog';

const DELETE_FAILED = 'Your account could not be deleted. Please try again.';

/**
 * Delete Account: after typing DELETE and the password (or, for an account without one, a fresh
 * Google sign-in) the account and everything in it are removed; `onDeleted` then signs out here
 * and leaves for /. `googleConfirmed`: the page is back from Google with the confirmation.
 */
export function DeleteAccountCard({
  hasPassword,
  googleConfirmed = false,
  onDeleted,
}: {
  hasPassword: boolean;
  googleConfirmed?: boolean;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(googleConfirmed);
  const [confirmed, setConfirmed] = useState(googleConfirmed);
  const deleteAccount = useDeleteAccount();

  // A promise rather than mutate's callbacks, which never run once this card has unmounted.
  const onConfirm = (password: string): Promise<DangerConfirmErrors | void> =>
    deleteAccount.mutateAsync(hasPassword ? { password } : {}).then(
      () => {
        toast.success('Account deleted', {
          description: 'Your account and everything in it have been removed.',
        });
        onDeleted();
      },
      (error: unknown) => {
        if (isApiError(error, 403) && !hasPassword) {
          // The confirmation was used up or is too old: Google again.
          setConfirmed(false);
          return { google: GOOGLE_CONFIRMATION_EXPIRED };
        }
        if (isApiError(error, 403)) return { password: error.message };
        if (isApiError(error, 400) && error.code === 'VALIDATION_FAILED') {
          return { confirm: error.message };
        }
        toast.error('Account not deleted', { description: getErrorMessage(error, DELETE_FAILED) });
      },
    );

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">Delete Account</h2>
        </CardTitle>
        <CardDescription>
          Permanently remove your account, your journals, prayers, prayer requests and friendships.
          This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </CardContent>
      <DangerConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description={
          <>
            <p>
              Your account, journals, prayers, prayer requests, friendships and group memberships
              are removed for good. You will be signed out.
            </p>
            <p>Download your activity history first (Privacy tab) if you want to keep a copy.</p>
          </>
        }
        confirmLabel="Delete Account"
        pendingLabel="Deleting..."
        pending={deleteAccount.isPending}
        proof={hasPassword ? { kind: 'password' } : { kind: 'google', action: 'delete', confirmed }}
        onConfirm={onConfirm}
      />
    </Card>
  );
}
