import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangeEmailDialog } from './lazy-dialogs';

/** The sign-in address, changed in its own dialog with the password. */
export function EmailCard({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">E-mail address</h2>
        </CardTitle>
        <CardDescription>
          You sign in with this address and receive Selah e-mails at it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate" data-testid="current-email">
            {email}
          </span>
        </p>
        {hasPassword ? (
          <Button variant="outline" className="w-fit" onClick={() => setOpen(true)}>
            Change e-mail
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground sm:max-w-xs">
            Your account signs in with Google. To change the address, first set a password with
            &lsquo;Forgot password&rsquo; on the sign-in page.
          </p>
        )}
      </CardContent>
      {hasPassword && <ChangeEmailDialog open={open} onOpenChange={setOpen} currentEmail={email} />}
    </Card>
  );
}
