import { MailCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSessionUser } from '@/stores/auth-store';
import { useResendVerification } from '../api/resend-verification';

const RESEND_FAILED = 'The link could not be sent. Please try again.';

/** Accounts whose banner was closed in this tab (until the page is loaded again, ADR 039). */
const dismissed = new Set<string>();

/**
 * In the signed-in shell while the account's address is not confirmed: says so, sends the link
 * again ("Resend link", 3 an hour), and can be closed for the rest of the visit. It renders the
 * same on the server and in the browser (no layout shift when the page takes over).
 */
export function VerifyEmailBanner() {
  const user = useSessionUser();
  const resend = useResendVerification();
  const [closed, setClosed] = useState(() => (user ? dismissed.has(user._id) : false));
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (!user || user.emailVerified !== false || closed) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => {
        setSentTo(user.email);
        toast.success('Link sent', { description: message });
      },
      onError: (error) =>
        toast.error('Link not sent', { description: getErrorMessage(error, RESEND_FAILED) }),
    });

  const onClose = () => {
    dismissed.add(user._id);
    setClosed(true);
  };

  return (
    <section
      aria-label="Confirm your e-mail address"
      className="mb-6 flex items-start gap-3 rounded-lg border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 sm:items-center sm:p-4 dark:bg-amber-950/40 dark:text-amber-100 print:hidden"
    >
      <MailCheck className="mt-0.5 size-5 shrink-0 sm:mt-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0">
          Please confirm your e-mail address: open the link we sent to{' '}
          <span className="font-medium break-all">{user.email}</span>.
          {sentTo === user.email && (
            <span role="status" className="block text-amber-900/80 dark:text-amber-100/80">
              A new link is on its way.
            </span>
          )}
        </p>
        <Button
          size="sm"
          variant="outline"
          className="w-fit shrink-0 border-amber-600/40 bg-transparent hover:bg-amber-100 dark:hover:bg-amber-900/40"
          disabled={resend.isPending}
          onClick={onResend}
        >
          {resend.isPending ? 'Sending...' : 'Resend link'}
        </Button>
      </div>
      <Button
        size="icon"
        variant="ghost"
        className="-my-1 size-8 shrink-0 hover:bg-amber-100 dark:hover:bg-amber-900/40"
        aria-label="Hide this reminder"
        onClick={onClose}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
