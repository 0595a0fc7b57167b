import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '@/stores/auth-store';
import { openNotificationStream } from '../api/open-notification-stream';
import { startEventStream } from '../realtime/event-stream';
import { applyNotificationEvent, toNotificationEvent } from '../realtime/notification-events';
import { startStreamCoordinator } from '../realtime/stream-coordinator';

/**
 * Keeps the bell live while the user is signed in: one tab holds the server's event stream and
 * relays it to the others; every tab writes the events into its query cache. Stops on logout
 * (the token goes) and when the signed-in shell unmounts. A 401 ends the session in the API
 * client, which stops the stream too.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const userId = useAuthStore((state) => state.user?._id ?? null);

  useEffect(() => {
    if (!token || !userId) return;
    const coordinator = startStreamCoordinator({
      userId,
      openStream: (lastEventId, onEvent) =>
        startEventStream({
          connect: openNotificationStream,
          lastEventId,
          onEvent: (message) => {
            const event = toNotificationEvent(message);
            if (event) onEvent(event);
          },
        }),
      onEvent: (event) => applyNotificationEvent(queryClient, event),
    });
    return () => coordinator.stop();
  }, [queryClient, token, userId]);
}
