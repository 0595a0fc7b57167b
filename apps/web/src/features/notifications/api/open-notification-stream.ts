import { api } from '@/lib/api-client';

/**
 * GET /notifications/stream (Server-Sent Events), authenticated by the Authorization header
 * only. `lastEventId` resumes after the last event received; the server sends what was missed.
 */
export const openNotificationStream = ({
  signal,
  lastEventId,
}: {
  signal: AbortSignal;
  lastEventId: string | null;
}) =>
  api.stream('/notifications/stream', {
    signal,
    ...(lastEventId ? { headers: { 'Last-Event-ID': lastEventId } } : {}),
  });
