import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAuthStore, useIsAuthenticated } from '@/stores/auth-store';
import { currentUserQueryOptions } from '@/api/get-current-user';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';

const LINK_FAILED = 'This link could not be opened. Please try again.';

/**
 * The `token` of the page's address, read once (on the server too: the page is rendered there)
 * and then, in the browser, taken out of the address bar.
 */
export function useLinkToken(): string | null {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token'));
  useEffect(() => {
    // The token must not linger where it can be copied or replayed (like the Google code).
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [token]);
  return token;
}

/**
 * Opens an e-mailed link once (even under StrictMode's double effects) and shows what came of
 * it: a confirmed address or a completed e-mail change, or why not, with the way forward.
 */
export function EmailLinkResult({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const signedIn = useIsAuthenticated();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(token, {
      // A browser signed in shows the account as it is now (the reminder goes away): a read
      // already in flight from the app's start may hold the account as it was before the link,
      // so it is cancelled and the account read again.
      onSuccess: () => {
        if (!useAuthStore.getState().token) return;
        const { queryKey } = currentUserQueryOptions();
        void queryClient
          .cancelQueries({ queryKey })
          .then(() => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }))
          .then((user) => {
            if (useAuthStore.getState().token) useAuthStore.getState().setUser(user);
          })
          .catch(() => {});
      },
    });
  }, [queryClient, token, verify]);

  if (verify.isSuccess) {
    return (
      <div className="grid gap-4 text-center">
        <CircleCheck
          className="mx-auto size-10 text-emerald-600 dark:text-emerald-400"
          aria-hidden="true"
        />
        <p role="status" className="text-sm">
          {verify.data.message}
        </p>
        <Button asChild>
          <Link to={signedIn ? paths.app.dashboard.getHref() : paths.auth.login.getHref()}>
            {signedIn ? 'Continue to Selah' : 'Sign in'}
          </Link>
        </Button>
      </div>
    );
  }
  if (verify.isError) {
    return (
      <div className="grid gap-4 text-center">
        <CircleAlert className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <p role="alert" className="text-sm">
          {getErrorMessage(verify.error, LINK_FAILED)}
        </p>
        {signedIn ? <ResendButton /> : <SignInButton />}
      </div>
    );
  }
  return (
    <div className="grid gap-4" aria-busy="true">
      <p role="status" className="text-center text-sm text-muted-foreground">
        Confirming your e-mail address...
      </p>
      <Skeleton className="h-4 w-3/4 justify-self-center" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

function SignInButton() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.auth.login.getHref()}>Sign in</Link>
    </Button>
  );
}

/** For a signed-in visitor whose link did not work: a new one, straight away. */
function ResendButton() {
  const resend = useResendVerification();
  if (resend.isSuccess) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {resend.data.message}
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onError: (error) =>
            toast.error('Link not sent', {
              description: getErrorMessage(error, 'The link could not be sent. Please try again.'),
            }),
        })
      }
    >
      {resend.isPending ? 'Sending...' : 'Send a new link'}
    </Button>
  );
}
