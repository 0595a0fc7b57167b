import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { markSeeded } from '@/lib/query-client';

/** The id of the server-rendered page's data (app/server-render.tsx, ADR 033). */
export const SERVER_STATE_ID = 'selah-state';

export interface ServerState {
  /** Whose page it is: the browser uses it only for the same signed-in user. */
  userId: string;
  queries: DehydratedState;
}

function isServerState(value: unknown): value is ServerState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<ServerState>;
  return (
    typeof state.userId === 'string' &&
    typeof state.queries === 'object' &&
    state.queries !== null &&
    Array.isArray(state.queries.queries)
  );
}

/**
 * Seeds `queryClient` with the data a server-rendered page was rendered from, when the page is
 * one and was rendered for `userId` (the user signed in here), so the live page renders the same
 * markup at once instead of loading it again, and does not read it again as it mounts (the
 * server just did; lib/query-client.ts, SEEDED_FRESH_MS). Takes the element out either way
 * (once). Returns whether it did.
 */
export function adoptServerState(queryClient: QueryClient, userId: string | undefined): boolean {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return false;
  element.remove();
  let state: unknown;
  try {
    state = JSON.parse(element.textContent ?? '');
  } catch {
    return false;
  }
  if (!isServerState(state) || state.userId !== userId) return false;
  // Read as of now by this browser's clock (the server's may differ).
  const now = Date.now();
  const queries = state.queries.queries.map((query) => ({
    ...query,
    state: { ...query.state, dataUpdatedAt: now },
  }));
  hydrate(queryClient, { ...state.queries, queries });
  for (const { queryKey } of queries) {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (query && query.state.data !== undefined) markSeeded(query);
  }
  return true;
}
