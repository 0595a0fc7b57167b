import { PraySessionSchema } from '@selah/shared/schemas/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

export const SESSION_ERROR_MESSAGE = 'Your prayer session could not be loaded.';

export interface SessionRequest {
  /** How many items (remembered by the server); the remembered size when absent. */
  size?: number | undefined;
  /** Only today's due items. */
  due: boolean;
  /** Which round of this visit: each round is a new session (the server rotates). */
  round: number;
}

export async function getPraySession(request: SessionRequest, signal?: AbortSignal) {
  const session = await api.get('/pray/session', {
    schema: PraySessionSchema,
    query: { size: request.size, due: request.due ? 1 : undefined },
    ...(signal ? { signal } : {}),
  });
  // The server remembered the size: so does the signed-in user kept in the browser.
  const { user, setUser } = useAuthStore.getState();
  if (user && user.settings.prayerSessionSize !== session.size) {
    setUser({ ...user, settings: { ...user.settings, prayerSessionSize: session.size } });
  }
  return session;
}

/**
 * One session: read once per round and kept as it was (asking again would rotate to the next
 * items), so a refocused window never swaps the items under the user.
 */
export const praySessionQueryOptions = (request: SessionRequest) =>
  queryOptions({
    queryKey: ['pray', 'session', request],
    queryFn: ({ signal }) => getPraySession(request, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { errorMessage: SESSION_ERROR_MESSAGE },
  });

export const usePraySession = (request: SessionRequest | null) =>
  useQuery({
    ...praySessionQueryOptions(request ?? { due: false, round: 0 }),
    enabled: request !== null,
  });
