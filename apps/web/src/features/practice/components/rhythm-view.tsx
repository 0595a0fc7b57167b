import type { RhythmView, RhythmDay } from '@selah/shared/schemas/practice';
import { CalendarDays, Flame } from 'lucide-react';
import { useId, useState } from 'react';
import { ListLoadError } from '@/components/errors/page-states';
import { PlanNote } from '@/components/errors/upgrade-notice';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { streakCapped, streakLabel } from '@/lib/plan-limit';
import { cn } from '@/lib/utils';
import { useAuthStore } from '@/stores/auth-store';
import { LOAD_RHYTHM_ERROR, RHYTHM_WEEKS, useRhythm } from '../api/get-rhythm';
import { daysBetween, longDay, times } from '../utils/days';
import { LateEntryDialog } from './lazy-dialogs';
import { RhythmSkeleton } from './rhythm-skeleton';

/** A missed day can be filled in at most this many days later (the server's rule). */
const LATE_DAYS = 7;
const WEEKDAYS = ['Mon', '', 'Wed', '', 'Fri', '', 'Sun'];

/**
 * How many times prayed a day's colour shows: 0 none, 1 once, 2 two or three times, 3 four or more.
 */
export function levelOf(count: number): 0 | 1 | 2 | 3 {
  return count <= 0 ? 0 : count === 1 ? 1 : count <= 3 ? 2 : 3;
}

/**
 * The colour of a prayed day: the accent, lighter (mixed in sRGB toward the card) when prayed
 * once, as it is for two or three times, deeper (toward the text colour) for four or more. Each
 * level keeps at least 3:1 against the card in every accent palette and mode, and so does the
 * "filled in later" dot on it (rhythm-view.test.ts computes it from src/index.css); the count is
 * also said in words.
 */
export const LEVEL_MIX = {
  1: { percent: 72, toward: '--card' },
  2: { percent: 100, toward: '--card' },
  3: { percent: 55, toward: '--foreground' },
} as const;
const levelStyle = (level: 0 | 1 | 2 | 3) =>
  level === 0
    ? undefined
    : {
        backgroundColor: `color-mix(in srgb, var(--primary) ${LEVEL_MIX[level].percent}%, var(${LEVEL_MIX[level].toward}))`,
      };

/** What a screen reader hears for a day. */
export function dayLabel(day: RhythmDay, today: string): string {
  const name = day.day === today ? `Today, ${longDay(day.day)}` : longDay(day.day);
  if (day.count > 0)
    return `${name}: prayed ${times(day.count)}${day.late ? ', filled in later' : ''}`;
  if (day.rest) return `${name}: rest day, the streak holds`;
  if (day.day === today) return `${name}: not prayed yet`;
  return `${name}: not prayed`;
}

/**
 * The sentence that sums the view up. `joinedOn` (the local day the account was made, when it is
 * inside the view) counts only the days since: a new account is welcomed to start, not told it
 * prayed on 0 of the last 84 days (issue 29 §5).
 */
export function rhythmSummary(rhythm: RhythmView, joinedOn: string | null = null): string {
  const days =
    joinedOn && joinedOn > (rhythm.days[0]?.day ?? '')
      ? rhythm.days.filter((d) => d.day >= joinedOn)
      : rhythm.days;
  const prayed = days.filter((d) => d.count > 0).length;
  const rest = days.filter((d) => d.rest).length;
  const joinedInView = days !== rhythm.days;
  if (joinedInView && prayed === 0) {
    return 'Your prayer rhythm starts here: each day you pray fills in a square.';
  }
  const span = !joinedInView
    ? `of the last ${rhythm.days.length} days`
    : days.length === 1
      ? 'of 1 day since you joined'
      : `of the ${days.length} days since you joined`;
  return (
    `You prayed on ${prayed} ${span}. ` +
    `Streak: ${streakLabel(rhythm.streak, rhythm.statsWindowDays)}` +
    (rest > 0 ? `, with ${rest} rest ${rest === 1 ? 'day' : 'days'}.` : '.')
  );
}

/**
 * The local day (in the rhythm's zone) the account was made, when that is inside the view; null
 * for an older account, which is told apart without Intl (its first use is costly, ADR 028).
 */
export function joinedOnIn(createdAt: string | undefined, rhythm: RhythmView): string | null {
  const made = createdAt ? new Date(createdAt) : null;
  if (!made || Number.isNaN(made.getTime())) return null;
  // A day of margin either side for the zone's offset: only a recent account reads Intl.
  const first = Date.parse(`${rhythm.days[0]?.day ?? rhythm.today}T00:00:00Z`) - 86_400_000;
  if (made.getTime() < first) return null;
  const day = made.toLocaleDateString('en-CA', { timeZone: rhythm.timeZone });
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

function Cell({
  day,
  today,
  onFillIn,
}: {
  day: RhythmDay;
  today: string;
  onFillIn: (day: string) => void;
}) {
  const ago = daysBetween(day.day, today);
  const fillable = day.count === 0 && ago > 0 && ago <= LATE_DAYS;
  const label = dayLabel(day, today);
  const className = cn(
    'relative flex aspect-square w-full items-center justify-center rounded-[3px]',
    day.count === 0 && !day.rest && 'bg-muted',
    day.rest && 'border border-dashed border-primary',
    day.day === today && 'ring-2 ring-ring ring-offset-1 ring-offset-card',
  );
  const mark = day.late ? (
    <span aria-hidden="true" className="size-1.5 rounded-full bg-primary-foreground" />
  ) : null;
  if (fillable) {
    return (
      <button
        type="button"
        data-day={day.day}
        style={levelStyle(levelOf(day.count))}
        aria-label={`${label}. I prayed that day: fill it in`}
        onClick={() => onFillIn(day.day)}
        className={cn(
          className,
          'outline-none hover:ring-2 hover:ring-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring',
        )}
      >
        {mark}
      </button>
    );
  }
  return (
    <span
      role="img"
      data-day={day.day}
      style={levelStyle(levelOf(day.count))}
      data-count={day.count}
      aria-label={label}
      className={className}
    >
      {mark}
    </span>
  );
}

function Legend() {
  const item = (className: string, label: string, level: 0 | 1 | 2 | 3 = 0, dot = false) => (
    <li className="flex items-center gap-1.5">
      <span
        aria-hidden="true"
        style={levelStyle(level)}
        className={cn('flex size-3 items-center justify-center rounded-[3px]', className)}
      >
        {dot && <span className="size-1 rounded-full bg-primary-foreground" />}
      </span>
      {label}
    </li>
  );
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-label="Key">
      {item('bg-muted', 'Not prayed')}
      {item('', 'Once', 1)}
      {item('', '2–3 times', 2)}
      {item('', '4+ times', 3)}
      {item('border border-dashed border-primary', 'Rest day')}
      {item('', 'Filled in later', 1, true)}
    </ul>
  );
}

/**
 * The rhythm view (issue 20 §5): a calendar heat map of the last 12 weeks, a column per week and a
 * row per weekday like GitHub's, the fair streak with its rest days, and a missed day of the last
 * 7 offering "I prayed that day".
 */
export function RhythmView({ className }: { className?: string }) {
  const id = useId();
  const rhythm = useRhythm(RHYTHM_WEEKS);
  const [fillIn, setFillIn] = useState<string | null>(null);
  const createdAt = useAuthStore((state) => state.user?.createdAt);

  if (rhythm.isPending) {
    return (
      <div className={className}>
        <span className="sr-only" role="status">
          Loading your prayer rhythm...
        </span>
        <RhythmSkeleton />
      </div>
    );
  }
  if (rhythm.isError && !rhythm.data) {
    return (
      <div className={className}>
        <ListLoadError message={LOAD_RHYTHM_ERROR} onRetry={() => void rhythm.refetch()} />
      </div>
    );
  }
  const data = rhythm.data;
  const weeks = Math.ceil(data.days.length / 7);
  return (
    <Card
      role="region"
      aria-labelledby={`${id}-title`}
      className={cn('gap-4', className)}
      data-testid="rhythm-view"
    >
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id={`${id}-title`} className="text-base">
          <h2 className="flex items-center gap-2">
            <CalendarDays className="size-4 text-primary" aria-hidden="true" />
            Prayer rhythm
          </h2>
        </CardTitle>
        <span
          className="flex items-center gap-1.5 text-sm font-semibold"
          data-testid="rhythm-streak"
        >
          <Flame className="size-4 text-primary" aria-hidden="true" />
          <span className="sr-only">Streak: </span>
          {streakLabel(data.streak, data.statsWindowDays)}
        </span>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground" id={`${id}-summary`}>
          {rhythmSummary(data, joinedOnIn(createdAt, data))}
        </p>
        <div
          role="group"
          aria-label={`The last ${weeks} weeks, a column per week from Monday to Sunday`}
          aria-describedby={`${id}-summary`}
          className="grid grid-flow-col gap-[3px]"
          style={{
            gridTemplateRows: 'repeat(7, auto)',
            gridTemplateColumns: `auto repeat(${weeks}, minmax(0, 1fr))`,
          }}
        >
          {WEEKDAYS.map((name, i) => (
            <span
              key={i}
              aria-hidden="true"
              className="pr-1 text-[0.65rem] leading-none text-muted-foreground self-center"
            >
              {name}
            </span>
          ))}
          {data.days.map((day) => (
            <Cell key={day.day} day={day} today={data.today} onFillIn={setFillIn} />
          ))}
        </div>
        <Legend />
        {data.statsWindowDays !== null && streakCapped(data.streak, data.statsWindowDays) && (
          <PlanNote
            className="p-2.5 text-xs"
            message={`Free statistics count a streak up to ${data.statsWindowDays} days.`}
          />
        )}
      </CardContent>
      <LateEntryDialog day={fillIn} onOpenChange={(open) => !open && setFillIn(null)} />
    </Card>
  );
}
