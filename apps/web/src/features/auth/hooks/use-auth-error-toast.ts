import { TOAST_AUTH_ERROR_MS, TOAST_AUTH_ERROR_SUGGEST_LOGIN_MS } from '@selah/shared/constants';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const AUTH_ERROR_PARAMS = ['error', 'message', 'suggest_login'];

/**
 * Shows a server-sent authentication error carried in the query string (error, message,
 * suggest_login) as a destructive toast, then removes those parameters (spec-1 §2 /login).
 */
export function useAuthErrorToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const error = searchParams.get('error');
  const message = searchParams.get('message');
  const suggestLogin = searchParams.get('suggest_login') === 'true';

  useEffect(() => {
    if (!error || !message) return;
    toast.error('Authentication Error', {
      // A fixed id keeps one toast even when React runs this effect twice (StrictMode).
      id: 'auth-error',
      description: decode(message),
      duration: suggestLogin ? TOAST_AUTH_ERROR_SUGGEST_LOGIN_MS : TOAST_AUTH_ERROR_MS,
    });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of AUTH_ERROR_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [error, message, suggestLogin, setSearchParams]);
}
