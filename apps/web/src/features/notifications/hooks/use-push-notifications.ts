import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { pushPublicKeyQueryOptions } from '../api/get-push-public-key';
import { savePushSubscription } from '../api/save-push-subscription';
import {
  getBrowserSubscription,
  getPushSupport,
  subscribeBrowser,
  unsubscribeBrowser,
} from '../utils/web-push';

/**
 * Where push stands for this browser: 'checking' at first; 'unsupported' (no service worker or
 * push here); 'denied' (the user blocked notifications for the site); 'dismissed' (the prompt
 * was closed without an answer); 'subscribed'; 'unsubscribed'; 'failed' (subscribing broke).
 */
export type PushStatus =
  'checking' | 'unsupported' | 'denied' | 'dismissed' | 'subscribed' | 'unsubscribed' | 'failed';

async function readStatus(): Promise<PushStatus> {
  const support = getPushSupport();
  if (support === 'unsupported') return 'unsupported';
  if (support === 'denied') return 'denied';
  try {
    return (await getBrowserSubscription()) ? 'subscribed' : 'unsubscribed';
  } catch {
    return 'unsubscribed';
  }
}

/** Subscribes this browser and registers the subscription with the server. */
async function subscribeAndSave(publicKey: string) {
  const subscription = await subscribeBrowser(publicKey);
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  await savePushSubscription({
    endpoint: endpoint ?? subscription.endpoint,
    expirationTime: expirationTime ?? null,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  });
}

/**
 * Web Push for this browser, as Settings shows it. `enable` takes the permission request that
 * the click started (see `requestNotificationPermission`); `disable` unsubscribes.
 */
export function usePushNotifications() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PushStatus>('checking');

  useEffect(() => {
    let active = true;
    void readStatus().then((next) => {
      if (active) setStatus(next);
    });
    return () => {
      active = false;
    };
  }, []);

  const enable = useCallback(
    async (permission: Promise<NotificationPermission>): Promise<PushStatus> => {
      let next: PushStatus;
      if (getPushSupport() === 'unsupported') next = 'unsupported';
      else {
        const answer = await permission.catch(() => 'denied' as const);
        if (answer === 'denied') next = 'denied';
        else if (answer === 'default') next = 'dismissed';
        else {
          try {
            const { publicKey } = await queryClient.fetchQuery(pushPublicKeyQueryOptions());
            await subscribeAndSave(publicKey);
            next = 'subscribed';
          } catch {
            next = 'failed';
          }
        }
      }
      setStatus(next);
      return next;
    },
    [queryClient],
  );

  const disable = useCallback(async () => {
    try {
      await unsubscribeBrowser();
    } catch {
      // The browser keeps a subscription the server no longer sends to.
    }
    setStatus(await readStatus());
  }, []);

  return { status, enable, disable };
}

/**
 * Brings this browser's push subscription in line with the signed-in user's preference
 * (`pushWanted`), without prompting: with push on and permission already granted it
 * (re)subscribes and tells the server (after a logout, or for the next account on a shared
 * browser); with push off it drops a leftover subscription, so an earlier account's
 * notifications never arrive here. Best effort: Settings shows the state and offers to try
 * again. `isCurrent` says whether the caller still wants the result.
 */
export async function syncPushSubscription(
  queryClient: QueryClient,
  pushWanted: boolean,
  isCurrent: () => boolean,
): Promise<void> {
  if (getPushSupport() !== 'granted') return;
  try {
    if (pushWanted) {
      const { publicKey } = await queryClient.fetchQuery(pushPublicKeyQueryOptions());
      if (isCurrent()) await subscribeAndSave(publicKey);
    } else {
      await unsubscribeBrowser();
    }
  } catch {
    // Best effort (above).
  }
}
