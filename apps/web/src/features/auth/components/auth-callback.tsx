import { TOAST_WELCOME_BACK_MS, TOAST_WELCOME_NEW_USER_MS } from '@selah/shared/constants';
import { useEffect, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useAuthStore } from '@/stores/auth-store';
import { exchangeCode } from '../api/exchange-code';
import { getCallbackErrorMessage } from '../utils/callback-errors';

/** Reads the `firstName` of the URL-encoded `user` parameter, if it is well-formed JSON. */
function firstNameFromParam(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && 'firstName' in parsed) {
      const { firstName } = parsed;
      return typeof firstName === 'string' ? firstName : undefined;
    }
  } catch {
    // Not JSON: ignore it; the exchanged user is what counts.
  }
  return undefined;
}

type Outcome = 'success' | 'failure';

/**
 * Completes the Google sign-in (spec-1 §2, §4, §8). The `token` parameter is a single-use code
 * that is exchanged for a session exactly once, even under React StrictMode's double effects.
 */
export function AuthCallback({ onDone }: { onDone: (outcome: Outcome) => void }) {
  const setSession = useAuthStore((state) => state.setSession);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    // Read the parameters once, then take them out of the address bar and the history entry
    // straight away: the code must not linger where it can be copied or replayed.
    const params = new URLSearchParams(window.location.search);
    window.history.replaceState(window.history.state, '', window.location.pathname);

    const fail = (title: string, description: string) => {
      toast.error(title, { description });
      onDone('failure');
    };

    const error = params.get('error');
    if (error) {
      fail('Authentication Failed', getCallbackErrorMessage(error));
      return;
    }
    const code = params.get('token');
    if (!code) {
      fail('Authentication Failed', 'No authentication token received. Please try again.');
      return;
    }
    const isNewUserParam = params.get('isNewUser') === 'true';
    const paramFirstName = firstNameFromParam(params.get('user'));

    exchangeCode(code)
      .then(({ token, user, isNewUser = isNewUserParam }) => {
        setSession(token, user);
        const name = user.firstName || paramFirstName || 'friend';
        if (isNewUser) {
          toast.success(`Welcome to Selah, ${name}! Your account has been created.`, {
            duration: TOAST_WELCOME_NEW_USER_MS,
          });
        } else {
          toast.success(`Welcome back, ${name}!`, { duration: TOAST_WELCOME_BACK_MS });
        }
        onDone('success');
      })
      .catch(() => {
        fail('Authentication Error', 'An error occurred during authentication. Please try again.');
      });
  }, [onDone, setSession]);

  return (
    <div className="grid gap-4" aria-busy="true">
      <p role="status" className="text-center text-sm text-muted-foreground">
        Completing authentication...
      </p>
      <Skeleton className="h-4 w-3/4 justify-self-center" />
      <Skeleton className="h-4 w-1/2 justify-self-center" />
    </div>
  );
}
