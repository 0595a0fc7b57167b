import {
  QUERY_GC_TIME_MS,
  QUERY_RETRIES,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_MAX_MS,
} from '@selah/shared/constants';
import {
  type FetchQueryOptions,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError, getErrorMessage, isApiError } from './api-client';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      errorTitle?: string;
      errorMessage?: string;
      /** false for background reads the user cannot act on. */
      toastOnError?: boolean;
    };
    mutationMeta: {
      errorTitle?: string;
      errorMessage?: string;
      /** false when the caller shows its own, context-aware error toast. */
      toastOnError?: boolean;
    };
  }
}

/** Client errors (4xx) are answers, not glitches: retrying cannot change them. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/**
 * A mutation is retried only when it carried an Idempotency-Key (a create, decision 017): the
 * server then replays a create that did commit instead of running it twice. Other writes are
 * not retried automatically.
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return (
    isApiError(error) && error.idempotencyKey !== undefined && shouldRetry(failureCount, error)
  );
}

/** The longest wait a server's Retry-After may ask of a retry. */
export const RETRY_AFTER_MAX_MS = 10_000;

/**
 * 1 s, 2 s, 4 s ... capped at 30 s (spec-1 §9); a 503 with Retry-After waits what the server
 * asked, at most 10 s.
 */
export function retryDelay(attemptIndex: number, error?: unknown): number {
  if (isApiError(error, 503) && error.retryAfter !== undefined) {
    return Math.min(error.retryAfter * 1000, RETRY_AFTER_MAX_MS);
  }
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_MS);
}

/** A 401 already ended the session and sent the user to /login: no toast on top. */
function isSessionEnd(error: unknown) {
  return error instanceof ApiError && error.status === 401;
}

/** How long data a page arrived with (read by its server loader, ADR 045) counts as fresh. */
export const SEEDED_FRESH_MS = 10_000;

/** Queries seeded from the page, with the data they were seeded with (its update time). */
const seeded = new WeakMap<Query, number>();

/**
 * Marks `query`'s data as just read by the server: the live page uses it for
 * {@link SEEDED_FRESH_MS} instead of reading it again as it mounts (until it changes).
 */
export function markSeeded(query: Query): void {
  seeded.set(query, query.state.dataUpdatedAt);
}

/** A query's data as a page's server loader read it (the API's JSON for that query). */
export interface QuerySeed {
  queryKey: QueryKey;
  data: unknown;
}

/**
 * Puts what a page's server loader read into `client`, as of now by this clock, unless the
 * query holds data already: the page renders from it at once (on the server, and in the
 * browser as it hydrates that markup) and does not read it again as it mounts.
 */
export function seedQueries(client: QueryClient, seeds: readonly QuerySeed[]): void {
  for (const { queryKey, data } of seeds) {
    if (client.getQueryData(queryKey) !== undefined) continue;
    client.setQueryData(queryKey, data);
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query) markSeeded(query);
  }
}

/** Stale at once (TanStack's default), except data the page arrived with, for a while. */
function defaultStaleTime(query: Query): number {
  return seeded.get(query) === query.state.dataUpdatedAt ? SEEDED_FRESH_MS : 0;
}

/**
 * Starts reading a query into `client` as a route's `clientLoader` does (docs/decisions/045),
 * unless fresh data is there already: what it reads counts as just read, so the page that
 * mounts a moment later does not read it again.
 */
export function prefetchRead<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  void client.prefetchQuery(options).then(() => {
    const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    if (query?.state.status === 'success') markSeeded(query);
  });
}

let browserClient: QueryClient | undefined;

/**
 * The page's query cache: in the browser one for the whole visit (the app renders from it and
 * route clientLoaders fill it); on the server a new one for each call (each request's render).
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Tests: the browser's cache from now on (the one a test renders the app with). */
export function setBrowserQueryClient(client: QueryClient): void {
  browserClient = client;
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      // A first load shows its own error state; a failed background refetch only gets a toast
      // because the stale data stays on screen.
      onError: (error, query) => {
        if (query.state.data === undefined || query.meta?.toastOnError === false) return;
        if (isSessionEnd(error)) return;
        toast.error(query.meta?.errorTitle ?? 'Error', {
          description: getErrorMessage(error, query.meta?.errorMessage),
        });
      },
    }),
    mutationCache: new MutationCache({
      // Mutations whose callers show their own, context-aware toast opt out with
      // `meta: { toastOnError: false }`.
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toastOnError === false || isSessionEnd(error)) return;
        toast.error(mutation.meta?.errorTitle ?? 'Error', {
          description: getErrorMessage(error, mutation.meta?.errorMessage),
        });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: defaultStaleTime,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: shouldRetryMutation, retryDelay },
    },
  });
}

/**
 * Drops a query from the cache as soon as no component shows it any more (at once when none
 * does), and stops any request for it: what the user can no longer see (a deleted journal, a
 * group they left) is never shown from the cache again, nor refetched into a 404 while its page
 * is being left.
 */
export function forgetOnceUnused(queryClient: QueryClient, queryKey: QueryKey) {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  void queryClient.cancelQueries({ queryKey, exact: true });
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved') return;
    if (query.getObserversCount() > 0) return;
    unsubscribe();
    cache.remove(query);
  });
}
