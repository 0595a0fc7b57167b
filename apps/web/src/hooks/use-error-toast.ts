import { useEffect } from 'react';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * Raises a destructive toast when a first load fails (the query cache only toasts failed
 * background refreshes). A 401 already ended the session, so it gets none.
 */
export function useErrorToast(error: unknown, title: string, description: string) {
  useEffect(() => {
    if (!error || isApiError(error, 401)) return;
    // The id keeps one toast per message, also under StrictMode's double effects.
    toast.error(title, { id: `${title}:${description}`, description });
  }, [error, title, description]);
}
