import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import {
  dailyInspirationQueryOptions,
  dailyInspirationRead,
} from '@/features/dashboard/api/get-daily-inspiration';
import { dashboardStatsQueryOptions, dashboardStatsRead } from '@/api/get-dashboard-stats';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { rhythmQueryOptions, RHYTHM_WEEKS } from '@/features/practice/api/get-rhythm';
import { LazyRhythmView } from '@/features/practice/components/lazy-rhythm-view';
import { RhythmViewSchema } from '@selah/shared/schemas/practice';
import { getQueryClient, prefetchRead } from '@/lib/query-client';
import { type LoaderSeeds, NO_SEEDS, readSeeds, seed, useLoaderSeeds } from '../../loader-seeds';

/** On the server: the dashboard's statistics and daily verse, as GET /api/stats(/daily) read them. */
export function loader({ context }: LoaderFunctionArgs): Promise<LoaderSeeds> {
  return readSeeds(context, async ({ services, viewer }) => {
    const [dashboard, daily, rhythm] = await Promise.all([
      services.stats.dashboard(viewer),
      services.stats.daily(viewer),
      services.stats.rhythm(viewer, RHYTHM_WEEKS),
    ]);
    return [
      seed(dashboardStatsQueryOptions().queryKey, dashboardStatsRead.schema, dashboard),
      seed(dailyInspirationQueryOptions().queryKey, dailyInspirationRead.schema, daily),
      seed(rhythmQueryOptions().queryKey, RhythmViewSchema, rhythm),
    ];
  });
}

/**
 * In the browser (a later navigation): starts the same reads through the API as the page's
 * module loads, into the query cache the page renders from (its skeleton shows until they
 * arrive).
 */
export function clientLoader(): LoaderSeeds {
  const client = getQueryClient();
  prefetchRead(client, dashboardStatsQueryOptions());
  prefetchRead(client, dailyInspirationQueryOptions());
  prefetchRead(client, rhythmQueryOptions());
  return NO_SEEDS;
}

/** The queries keep themselves fresh: a change of the address's query asks nothing again. */
export const shouldRevalidate = () => false;

export default function DashboardRoute() {
  useLoaderSeeds(useLoaderData<typeof loader>());
  return <Dashboard rhythm={<LazyRhythmView />} />;
}
