import { api } from '@/lib/api-client';

/** Forgets this browser's push subscription on the server (204). */
export const deletePushSubscription = (endpoint: string) =>
  api.delete('/push/subscriptions', { body: { endpoint } });
