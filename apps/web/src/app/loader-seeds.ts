import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import { type QuerySeed, seedQueries } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth-store';
import { type PageContext, pageContext } from './page-context';

/** What a signed-in page's server loader returns: its queries' data, for its user. */
export interface LoaderSeeds {
  userId: string | null;
  seeds: QuerySeed[];
}

export const NO_SEEDS: LoaderSeeds = { userId: null, seeds: [] };

/** The page context of a request with a signed-in user. */
export type SignedInPage = PageContext & { viewer: NonNullable<PageContext['viewer']> };

/**
 * A signed-in page's server loader: `read` calls the services as the page cookie's user and
 * returns the page's queries (`seed`). Without a user (the protected layout redirects), or when
 * a read fails (a journal the user may not read, an outage), nothing: the page then reads its
 * data through the API in the browser and shows what the API says. Failures other than the
 * API's own 4xx answers are logged.
 */
export async function readSeeds(
  context: Readonly<RouterContextProvider>,
  read: (page: SignedInPage) => Promise<QuerySeed[]>,
): Promise<LoaderSeeds> {
  const page = context.get(pageContext);
  const viewer = page?.viewer;
  if (!page || !viewer) return NO_SEEDS;
  try {
    return { userId: viewer.id, seeds: await read({ ...page, viewer }) };
  } catch (error) {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status !== 'number' || status >= 500)
      page.log.error({ err: error }, 'a page loader failed: the page reads its data itself');
    return NO_SEEDS;
  }
}

/**
 * A service's answer for `queryKey` as the browser would hold it after reading it from the API:
 * JSON, read with the schema the app reads that answer with (`schema`, also the API route's
 * response schema), so nothing else of it reaches the page.
 */
export function seed(queryKey: QueryKey, schema: z.ZodType, answer: unknown): QuerySeed {
  return { queryKey, data: schema.parse(JSON.parse(JSON.stringify(answer))) };
}

/**
 * Puts a page's loader data into the query cache before the page renders (docs/decisions/045):
 * on the server, so the page renders with it; in the browser as it hydrates that markup, so it
 * renders the same without reading it again. In the browser only for the user it was read for.
 */
export function useLoaderSeeds({ userId, seeds }: LoaderSeeds): void {
  const client = useQueryClient();
  useState(() => {
    const browserUser =
      typeof window === 'undefined' ? userId : (useAuthStore.getState().user?._id ?? null);
    if (userId !== null && browserUser === userId) seedQueries(client, seeds);
  });
}
