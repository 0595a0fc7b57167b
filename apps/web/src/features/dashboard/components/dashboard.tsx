import type { DashboardStats } from '@selah/shared/schemas/stats';
import {
  Activity,
  CheckCircle2,
  Flame,
  HandHeart,
  ListChecks,
  Lock,
  Quote,
  Sparkles,
  Sunrise,
} from 'lucide-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PlanNote } from '@/components/errors/upgrade-notice';
import { PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDeferredPending } from '@/hooks/use-deferred-pending';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { streakCapped, streakLabel } from '@/lib/plan-limit';
import { toast } from '@/lib/toast';
import { useAuthStore } from '@/stores/auth-store';
import { dailyInspirationQueryOptions, useDailyInspiration } from '../api/get-daily-inspiration';
import { DASHBOARD_ERROR_MESSAGE, useDashboardStats } from '@/api/get-dashboard-stats';
import { MemoryVerseSkeleton } from './memory-verse-skeleton';

const loadMemoryVerseCard = () => import('./memory-verse-card');
const MemoryVerseCard = lazy(() =>
  loadMemoryVerseCard().then((module) => ({ default: module.MemoryVerseCard })),
);

const TITLE = 'Dashboard';
const GREETING = 'Welcome back to your prayer dashboard';
/** A new account is welcomed, not welcomed back (issue 29 §5). */
const NEW_GREETING = 'Welcome to your prayer dashboard';
const DAY_MS = 86_400_000;

/** Whether an account was made within the last day (`createdAt` an ISO instant). */
export function isNewAccount(createdAt: string | undefined, now = Date.now()): boolean {
  const made = createdAt ? Date.parse(createdAt) : Number.NaN;
  return !Number.isNaN(made) && now - made < DAY_MS;
}
const ANSWERED_PRAYERS_HREF = `${paths.app.prayers.getHref()}?tab=answered`;

/** The dashboard (spec-1 §2 "/dashboard"): loading, then error, then loaded (spec-1 §4). */
export function Dashboard({ rhythm }: { rhythm?: ReactNode } = {}) {
  const stats = useDashboardStats();
  const isNew = useAuthStore((state) => isNewAccount(state.user?.createdAt));
  const { isError, errorUpdatedAt, error } = stats;
  // The cards render as a time-sliced deferred render when the numbers arrive (ADR 028).
  const pending = useDeferredPending(stats.isPending);
  // The memory verse and quote (a request of their own) and the verse card's chunk start with
  // the page, beside the statistics, rather than once the statistics have arrived.
  usePrefetchQuery(dailyInspirationQueryOptions());
  useEffect(() => void loadMemoryVerseCard(), []);

  // A first load that fails gets its screen and a toast (spec-1 §8 'Dashboard load').
  useEffect(() => {
    if (isError) {
      toast.error('Error', {
        id: 'dashboard-error',
        description: getErrorMessage(error, DASHBOARD_ERROR_MESSAGE),
      });
    }
  }, [isError, errorUpdatedAt, error]);

  if (stats.isError) {
    return (
      <>
        <title>Error · Selah</title>
        <section
          role="alert"
          className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
        >
          <h1 className="text-2xl font-semibold tracking-tight">Error</h1>
          <p className="text-muted-foreground">
            {getErrorMessage(stats.error, DASHBOARD_ERROR_MESSAGE)}
          </p>
          <Button
            variant="outline"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
          >
            {stats.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </section>
      </>
    );
  }
  // One header for the loading and loaded states, so nothing moves when the numbers arrive.
  return (
    <>
      <title>{pending ? 'Loading dashboard · Selah' : 'Dashboard · Selah'}</title>
      <PageHeader
        title={TITLE}
        description={isNew ? NEW_GREETING : GREETING}
        actions={
          <Button asChild>
            <Link to={paths.app.pray.getHref()}>
              <Sunrise aria-hidden="true" />
              Pray now
            </Link>
          </Button>
        }
      />
      {pending || !stats.data ? SKELETON : <DashboardView stats={stats.data} rhythm={rhythm} />}
    </>
  );
}

/** `rhythm`: the rhythm view (issue 20 §5), composed in by the route. */
function DashboardView({ stats, rhythm }: { stats: DashboardStats; rhythm?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <StatCards stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <RecentTestimonies stats={stats} className="lg:col-span-2" />
        <div className="grid content-start gap-6">
          <Suspense fallback={<MemoryVerseSkeleton />}>
            <MemoryVerseCard />
          </Suspense>
          {rhythm}
          <InspirationCard />
          <ActivityCard stats={stats} />
        </div>
      </div>
    </div>
  );
}

function StatCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: string;
  note: string;
  icon: ReactNode;
}) {
  return (
    <Card className="gap-2 py-4 sm:gap-3 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="grid gap-1 px-4 sm:px-5">
        <p className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{value}</p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

function StatCards({ stats }: { stats: DashboardStats }) {
  const rate =
    stats.totalPrayers > 0 ? Math.round((stats.answeredPrayers / stats.totalPrayers) * 100) : 0;
  return (
    <section
      aria-label="Prayer statistics"
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
    >
      <StatCard
        label="Total Prayers"
        value={String(stats.totalPrayers)}
        note="In all your journals"
        icon={<ListChecks aria-hidden="true" />}
      />
      <StatCard
        label="Active Prayer Points"
        value={String(stats.activePrayers)}
        note="Still praying"
        icon={<HandHeart aria-hidden="true" />}
      />
      <StatCard
        label="Prayer Streak"
        value={streakLabel(stats.prayerStreak, stats.statsWindowDays)}
        note={
          streakCapped(stats.prayerStreak, stats.statsWindowDays)
            ? `Free counts up to ${stats.statsWindowDays}`
            : stats.prayerStreak > 0
              ? 'Keep it going today'
              : 'Pray today to start one'
        }
        icon={<Flame aria-hidden="true" />}
      />
      <StatCard
        label="Answered Prayers"
        value={String(stats.answeredPrayers)}
        note={`${rate}% answer rate`}
        icon={<CheckCircle2 aria-hidden="true" />}
      />
    </section>
  );
}

function RecentTestimonies({ stats, className }: { stats: DashboardStats; className?: string }) {
  const windowDays = stats.statsWindowDays;
  return (
    <Card className={className} role="region" aria-labelledby="recent-testimonies-title">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle id="recent-testimonies-title" className="text-base">
            <h2>Recent Testimonies</h2>
          </CardTitle>
          {windowDays !== null && (
            <p className="text-xs text-muted-foreground">Answered in the last {windowDays} days</p>
          )}
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={ANSWERED_PRAYERS_HREF}>View all</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {stats.recentTestimonies.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
            <Sparkles className="size-6 text-muted-foreground" aria-hidden="true" />
            {windowDays === null ? (
              <>
                <p className="font-medium">No testimonies yet</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  When God answers a prayer, mark it answered and it will appear here.
                </p>
              </>
            ) : (
              <>
                <p className="font-medium">No testimonies in the last {windowDays} days</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  When God answers a prayer, mark it answered and it will appear here. Earlier
                  answers are under View all.
                </p>
              </>
            )}
          </div>
        ) : (
          <ul className="grid gap-3">
            {stats.recentTestimonies.map((item) => (
              <li key={item.id}>
                <article
                  aria-labelledby={`testimony-${item.id}`}
                  className="grid gap-2 rounded-lg border p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 id={`testimony-${item.id}`} className="font-semibold">
                      {item.title}
                    </h3>
                    <Badge className="gap-1">
                      <CheckCircle2 aria-hidden="true" />
                      Answered
                    </Badge>
                  </div>
                  {item.content && (
                    <p className="line-clamp-3 text-sm text-muted-foreground">{item.content}</p>
                  )}
                  <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                    <span>
                      Answered on{' '}
                      {formatDate(item.dateAnswered, 'long', { timeZone: stats.timeZone })}
                    </span>
                    <span>
                      Faithfully prayed for {item.prayedFor} {item.timeUnit}
                    </span>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function InspirationCard() {
  const daily = useDailyInspiration();
  return (
    <Card className="gap-4" role="region" aria-labelledby="inspiration-title">
      <CardHeader>
        <CardTitle id="inspiration-title" className="flex items-center gap-2 text-base">
          <h2 className="flex items-center gap-2">
            <Quote className="size-4 text-primary" aria-hidden="true" />
            Inspiration
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {daily.isPending ? (
          <div className="grid gap-2" aria-hidden="true">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-28" />
          </div>
        ) : daily.isError ? (
          <p className="text-sm text-muted-foreground">
            Today&apos;s quote could not be loaded. Please try again later.
          </p>
        ) : (
          <figure className="grid gap-2">
            <blockquote className="leading-relaxed">“{daily.data.inspiration.quote}”</blockquote>
            <figcaption className="text-sm text-muted-foreground">
              — {daily.data.inspiration.author}
            </figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityCard({ stats }: { stats: DashboardStats }) {
  const rows = [
    ['Today', stats.prayersToday],
    ['This week', stats.prayersThisWeek],
    ['This month', stats.prayersThisMonth],
  ] as const;
  const windowDays = stats.statsWindowDays;
  return (
    <Card className="gap-4" role="region" aria-labelledby="activity-title">
      <CardHeader>
        <CardTitle id="activity-title" className="flex items-center gap-2 text-base">
          <h2 className="flex items-center gap-2">
            <Activity className="size-4 text-primary" aria-hidden="true" />
            Activity
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 rounded-lg bg-muted/50 px-1 py-3">
              <dt className="text-xs whitespace-nowrap text-muted-foreground">{label}</dt>
              {value === null ? (
                // Beyond the plan's statistics window: locked, said in words (not by colour).
                <dd className="flex h-7 items-center justify-center gap-1 text-xs font-medium text-muted-foreground">
                  <Lock className="size-3.5 shrink-0" aria-hidden="true" />
                  <span>
                    <span className="sr-only">Locked, needs </span>Premium
                  </span>
                </dd>
              ) : (
                <dd className="text-xl font-semibold tabular-nums">{value}</dd>
              )}
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">Prayers you have written.</p>
        {windowDays !== null && (
          <PlanNote
            className="mt-3 p-2.5 text-xs"
            message={`Free statistics cover the last ${windowDays} days; this month needs Premium.`}
          />
        )}
      </CardContent>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" data-slot="dashboard-skeleton">
      <span className="sr-only" role="status">
        Loading dashboard...
      </span>
      {/* The stat cards' own grid and spacing, so the numbers arrive without moving anything. */}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div
            key={index}
            className="grid min-h-[9.5rem] content-start gap-2 rounded-xl border px-4 py-4 sm:min-h-0 sm:gap-3 sm:px-5 sm:py-5"
          >
            <div className="flex items-start justify-between gap-2">
              {/* On a phone the labels wrap ('Active Prayer Points'): two lines there. */}
              <div className="grid gap-1.5">
                <Skeleton className="h-4 w-16 sm:w-28" />
                <Skeleton className="h-4 w-12 sm:hidden" />
              </div>
              <Skeleton className="size-8 shrink-0 rounded-full" />
            </div>
            <div className="grid gap-1">
              <Skeleton className="h-8 w-14 sm:h-9 sm:w-16" />
              <div className="flex h-4 items-center">
                <Skeleton className="h-3 w-20 sm:w-24" />
              </div>
            </div>
          </div>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-3" aria-hidden="true">
        <div className="grid content-start gap-3 rounded-xl border p-6 lg:col-span-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
        <div className="grid content-start gap-6">
          <MemoryVerseSkeleton />
          <Skeleton className="h-36 rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/** The same element every render: React skips it when it renders again. */
const SKELETON = <DashboardSkeleton />;
