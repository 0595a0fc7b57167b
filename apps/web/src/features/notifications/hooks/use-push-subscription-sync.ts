import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps this browser's push subscription in line with the signed-in user's preference
 * (`syncPushSubscription`) while a page of theirs is open. Its module loads after the page has
 * rendered, not with every signed-in page: most browsers never granted push.
 */
export function usePushSubscriptionSync(userId: string | null, pushWanted: boolean | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || pushWanted === undefined) return;
    let active = true;
    void (async () => {
      // Let an immediately cancelled run (StrictMode, a quick change) bow out first.
      await Promise.resolve();
      if (!active) return;
      const { syncPushSubscription } = await import('./use-push-notifications');
      if (active) await syncPushSubscription(queryClient, pushWanted, () => active);
    })().catch(() => {
      // Best effort: a module that could not load is loaded again by the next page.
    });
    return () => {
      active = false;
    };
  }, [queryClient, userId, pushWanted]);
}
