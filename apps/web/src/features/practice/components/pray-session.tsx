import {
  SESSION_SIZE_MAX,
  SESSION_SIZE_MIN,
  type SessionItem,
} from '@selah/shared/schemas/practice';
import { Check, CheckCircle2, Flame, NotebookPen, SkipForward, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboardStats } from '@/api/get-dashboard-stats';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useIsHydrating } from '@/hooks/use-is-hydrating';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  SESSION_ERROR_MESSAGE,
  type SessionRequest,
  usePraySession,
} from '../api/get-pray-session';
import {
  clearSavedSession,
  readSavedSession,
  saveSession,
  type SavedSession,
} from '../hooks/saved-session';
import { useRecordPrayed } from '../api/record-prayed';
import { useSessionKeys } from '../hooks/use-session-keys';
import { TIMER_CHOICES, type TimerMinutes, useTimerChoice } from '../hooks/use-timer-choice';
import { NoteDialog } from './note-dialog';
import { TimerRing } from './timer-ring';

/** What the route gives the session to mark one of the user's prayers answered (prayers feature). */
export interface AnswerDialogProps {
  prayer: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
  onAnswered: () => void;
}

/** Swipes shorter than this (px) are taps or scrolls. */
const SWIPE_MIN = 80;

const SHORTCUTS = [
  ['Space / Enter', 'Prayed'],
  ['S', 'Skip'],
  ['A', 'Mark answered'],
  ['Esc', 'End'],
] as const;

type Phase = 'start' | 'session' | 'end';

/** Where the person is in a round: kept so a reload resumes there. */
interface Progress {
  items: SessionItem[];
  index: number;
  prayed: number;
  left: SessionItem[];
}

interface Round {
  prayed: number;
  /** Items skipped or left when the session ended: where the next due item is found. */
  left: SessionItem[];
  items: SessionItem[];
}

/**
 * Pray now (issue 20 §1): a start screen (how many items, the quiet timer), then one item per
 * screen with Prayed, Skip, Mark answered and Add a note (keyboard and swipe too), then an end
 * screen with what was prayed, the streak, the next due item and one more round. `dueOnly`
 * (the digest's link) starts at once with today's due items. Given the `userId`, a reload in the
 * middle of a round resumes at the same item (saved-session.ts); leaving /pray ends it.
 */
export function PraySession(props: PrayFlowProps) {
  // What the server rendered is hydrated as it was: the saved session and the timer choice are
  // in this browser's storage, read only once the page is alive (docs/decisions/045). Reading
  // them while hydrating made React render the whole document again, dropping the theme.
  const hydrating = useIsHydrating();
  return (
    <main
      id="main-content"
      className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 py-6 sm:px-6"
    >
      <header className="mb-6 flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">Pray now</p>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.app.dashboard.getHref()}>
            <X aria-hidden="true" />
            Close
          </Link>
        </Button>
      </header>
      {hydrating ? <SessionSkeleton /> : <PrayFlow {...props} />}
    </main>
  );
}

interface PrayFlowProps {
  dueOnly: boolean;
  rememberedSize: number;
  renderAnswerDialog: (props: AnswerDialogProps) => ReactNode;
  userId?: string | undefined;
}

function PrayFlow({ dueOnly, rememberedSize, renderAnswerDialog, userId }: PrayFlowProps) {
  // Read once, in the browser after hydration.
  const [saved] = useState(() => (userId ? readSavedSession(userId, dueOnly) : null));
  const [phase, setPhase] = useState<Phase>(saved || dueOnly ? 'session' : 'start');
  const [size, setSize] = useState(rememberedSize);
  const [timer, setTimer] = useTimerChoice();
  const [request, setRequest] = useState<SessionRequest | null>(
    saved?.request ?? (dueOnly ? { due: true, round: 1 } : null),
  );
  const [round, setRound] = useState<Round>({ prayed: 0, left: [], items: [] });

  // Leaving /pray ends the session (a reload does not unmount, so it resumes).
  useEffect(() => {
    if (!userId) return;
    return () => clearSavedSession(userId, dueOnly);
  }, [userId, dueOnly]);
  const keep = (progress: Progress) => {
    if (userId && request) saveSession(userId, dueOnly, { request, ...progress });
  };

  const start = (nextSize: number) => {
    setSize(nextSize);
    setRound({ prayed: 0, left: [], items: [] });
    setRequest((previous) => ({ size: nextSize, due: false, round: (previous?.round ?? 0) + 1 }));
    setPhase('session');
  };

  return (
    <>
      {phase === 'start' && (
        <StartScreen size={size} timer={timer} onTimer={setTimer} onStart={start} />
      )}
      {phase === 'session' && request && (
        <SessionScreens
          key={request.round}
          request={request}
          resume={saved?.request === request ? saved : null}
          timer={timer}
          renderAnswerDialog={renderAnswerDialog}
          onProgress={keep}
          onEnd={(result) => {
            if (userId) clearSavedSession(userId, dueOnly);
            setRound(result);
            setPhase('end');
          }}
        />
      )}
      {phase === 'end' && <EndScreen round={round} onMore={() => start(request?.size ?? size)} />}
    </>
  );
}

function StartScreen({
  size,
  timer,
  onTimer,
  onStart,
}: {
  size: number;
  timer: TimerMinutes;
  onTimer: (minutes: TimerMinutes) => void;
  onStart: (size: number) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(String(size));
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (!Number.isInteger(n) || n < SESSION_SIZE_MIN || n > SESSION_SIZE_MAX) {
      setError(`Choose from ${SESSION_SIZE_MIN} to ${SESSION_SIZE_MAX} items.`);
      return;
    }
    onStart(n);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid flex-1 content-center gap-8">
      <title>Pray now · Selah</title>
      <div className="grid gap-2 text-center">
        <h1
          id={`${id}-title`}
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-semibold tracking-tight outline-none md:text-4xl"
        >
          Pray now
        </h1>
        <p className="text-lg text-muted-foreground">
          A few items, one at a time. Due prayers come first.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="mx-auto grid w-full max-w-sm gap-6">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-size`}>How many items?</Label>
          <Input
            id={`${id}-size`}
            type="number"
            inputMode="numeric"
            min={SESSION_SIZE_MIN}
            max={SESSION_SIZE_MAX}
            value={value}
            aria-invalid={error !== null}
            aria-describedby={`${id}-size-help${error ? ` ${id}-size-error` : ''}`}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            className="h-11 text-lg"
          />
          <p id={`${id}-size-help`} className="text-sm text-muted-foreground">
            From {SESSION_SIZE_MIN} to {SESSION_SIZE_MAX}; remembered for next time.
          </p>
          {error && (
            <p id={`${id}-size-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Quiet timer per item</legend>
          <RadioGroup
            value={String(timer)}
            onValueChange={(v) => onTimer(Number(v) as TimerMinutes)}
            className="grid grid-cols-2 gap-2 sm:grid-cols-4"
          >
            {TIMER_CHOICES.map((minutes) => (
              <Label
                key={minutes}
                htmlFor={`${id}-timer-${minutes}`}
                className="flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border px-2 text-sm whitespace-nowrap has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/10"
              >
                <RadioGroupItem id={`${id}-timer-${minutes}`} value={String(minutes)} />
                {minutes === 0 ? 'Off' : `${minutes} min`}
              </Label>
            ))}
          </RadioGroup>
        </fieldset>
        <Button type="submit" size="lg" className="h-12 text-base">
          Start
        </Button>
      </form>
    </section>
  );
}

function SessionScreens({
  request,
  resume,
  timer,
  renderAnswerDialog,
  onProgress,
  onEnd,
}: {
  request: SessionRequest;
  /** Where a reload left this round: its items are not asked for again. */
  resume: SavedSession | null;
  timer: TimerMinutes;
  renderAnswerDialog: (props: AnswerDialogProps) => ReactNode;
  onProgress: (progress: Progress) => void;
  onEnd: (round: Round) => void;
}) {
  const session = usePraySession(resume ? null : request);
  useErrorToast(session.error, 'Error', getErrorMessage(session.error, SESSION_ERROR_MESSAGE));

  if (resume) {
    return (
      <ItemScreens
        items={resume.items}
        initial={resume}
        timer={timer}
        renderAnswerDialog={renderAnswerDialog}
        onProgress={onProgress}
        onEnd={onEnd}
      />
    );
  }
  if (session.isPending) return <SessionSkeleton />;
  if (session.isError) {
    return (
      <section
        role="alert"
        className="grid flex-1 content-center justify-items-center gap-4 text-center"
      >
        <title>Error · Selah</title>
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="text-muted-foreground">
          {getErrorMessage(session.error, SESSION_ERROR_MESSAGE)}
        </p>
        <Button
          variant="outline"
          onClick={() => void session.refetch()}
          disabled={session.isFetching}
        >
          {session.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </section>
    );
  }
  if (session.data.items.length === 0) return <EmptyState dueOnly={request.due} />;
  return (
    <ItemScreens
      items={session.data.items}
      timer={timer}
      renderAnswerDialog={renderAnswerDialog}
      onProgress={onProgress}
      onEnd={onEnd}
    />
  );
}

function ItemScreens({
  items,
  initial,
  timer,
  renderAnswerDialog,
  onProgress,
  onEnd,
}: {
  items: SessionItem[];
  initial?: Omit<Progress, 'items'>;
  timer: TimerMinutes;
  renderAnswerDialog: (props: AnswerDialogProps) => ReactNode;
  onProgress: (progress: Progress) => void;
  onEnd: (round: Round) => void;
}) {
  const id = useId();
  const [index, setIndex] = useState(initial?.index ?? 0);
  const [prayed, setPrayed] = useState(initial?.prayed ?? 0);
  const [left, setLeft] = useState<SessionItem[]>(initial?.left ?? []);
  const [answering, setAnswering] = useState<SessionItem | null>(null);
  const [noting, setNoting] = useState<SessionItem | null>(null);
  const record = useRecordPrayed();
  const heading = useRef<HTMLHeadingElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const item = items[index]!;
  const own = item.kind === 'prayer' && item.source === 'own';

  // Each new item takes the focus (a screen reader reads it; the keys act on it).
  useEffect(() => heading.current?.focus(), [index]);
  // A horizontal overscroll is not history navigation while the session is on screen
  // (Chrome's swipe-to-go-back reads overscroll-behavior-x on the root scroller).
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorX;
    root.style.overscrollBehaviorX = 'none';
    return () => {
      root.style.overscrollBehaviorX = before;
    };
  }, []);
  // Kept at each step, so a reload comes back to this item.
  useEffect(
    () => onProgress({ items, index, prayed, left }),
    [onProgress, items, index, prayed, left],
  );

  const next = (state: { prayed: number; left: SessionItem[] }) => {
    if (index + 1 >= items.length) onEnd({ ...state, items });
    else setIndex(index + 1);
  };
  const actions = {
    prayed: () => {
      if (record.isPending) return;
      record.mutate(
        { kind: item.kind, id: item.id, source: 'session' },
        {
          onSuccess: () => {
            setPrayed(prayed + 1);
            next({ prayed: prayed + 1, left });
          },
          onError: (error) =>
            toast.error('Not recorded', {
              description: getErrorMessage(error, 'Your prayer could not be recorded.'),
            }),
        },
      );
    },
    skip: () => {
      if (record.isPending) return;
      const skipped = [...left, item];
      setLeft(skipped);
      next({ prayed, left: skipped });
    },
    answered: own ? () => setAnswering(item) : undefined,
    end: () => onEnd({ prayed, left: [...left, ...items.slice(index)], items }),
  };
  useSessionKeys(answering === null && noting === null, actions);

  return (
    <section aria-labelledby={`${id}-title`} className="grid flex-1 content-start gap-6">
      <title>{`Praying ${index + 1} of ${items.length} · Selah`}</title>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>
            {index + 1} of {items.length}
          </span>
          <span>{sourceLabel(item)}</span>
        </div>
        <div
          role="progressbar"
          aria-label="Session progress"
          aria-valuemin={0}
          aria-valuemax={items.length}
          aria-valuenow={index + 1}
          aria-valuetext={`${index + 1} of ${items.length}`}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
            style={{ width: `${((index + 1) / items.length) * 100}%` }}
          />
        </div>
      </div>
      <p aria-live="polite" role="status" className="sr-only">
        {`Item ${index + 1} of ${items.length}: ${item.title}`}
      </p>
      <article
        key={item.id}
        // Horizontal swipes are the session's own (Prayed, Skip): the browser only scrolls
        // vertically here, and never turns a swipe into Back (see overscrollBehaviorX above).
        className="grid touch-pan-y gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8"
        onTouchStart={(event) => {
          const t = event.touches[0];
          touch.current = t ? { x: t.clientX, y: t.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const from = touch.current;
          const t = event.changedTouches[0];
          touch.current = null;
          if (!from || !t) return;
          const dx = t.clientX - from.x;
          if (Math.abs(dx) < SWIPE_MIN || Math.abs(t.clientY - from.y) > Math.abs(dx)) return;
          if (dx > 0) actions.prayed();
          else actions.skip();
        }}
      >
        <div className="flex flex-wrap gap-2">
          {item.due && <Badge>Due today</Badge>}
          {item.urgent && <Badge variant="destructive">Urgent</Badge>}
          {item.kind === 'request' && <Badge variant="secondary">Friend&apos;s request</Badge>}
        </div>
        <h1
          id={`${id}-title`}
          ref={heading}
          tabIndex={-1}
          className="text-3xl leading-tight font-semibold tracking-tight outline-none md:text-4xl"
        >
          {item.title}
        </h1>
        {item.text && (
          <p className="text-lg leading-relaxed whitespace-pre-line md:text-xl">{item.text}</p>
        )}
        {item.verse && (
          <blockquote className="border-l-4 border-primary/60 pl-4 text-lg italic">
            <p>&ldquo;{item.verse.verse}&rdquo;</p>
            <footer className="mt-1 text-sm text-muted-foreground not-italic">
              {item.verse.reference}
            </footer>
          </blockquote>
        )}
        <p className="text-sm text-muted-foreground">{prayedLine(item)}</p>
        {timer > 0 && <TimerRing key={item.id} minutes={timer} className="justify-self-center" />}
      </article>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:justify-center">
        <Button
          size="lg"
          className="col-span-2 h-12 text-base sm:min-w-40"
          onClick={actions.prayed}
          disabled={record.isPending}
        >
          <Check aria-hidden="true" />
          {record.isPending ? 'Recording...' : 'Prayed'}
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="h-12"
          onClick={actions.skip}
          disabled={record.isPending}
        >
          <SkipForward aria-hidden="true" />
          Skip
        </Button>
        {own && (
          <>
            <Button variant="outline" size="lg" className="h-12" onClick={() => setAnswering(item)}>
              <CheckCircle2 aria-hidden="true" />
              Mark answered
            </Button>
            <Button variant="outline" size="lg" className="h-12" onClick={() => setNoting(item)}>
              <NotebookPen aria-hidden="true" />
              Add a note
            </Button>
          </>
        )}
        <Button variant="ghost" size="lg" className="h-12" onClick={actions.end}>
          End
        </Button>
      </div>
      <aside
        aria-label="Keyboard shortcuts"
        className="hidden text-center text-sm text-muted-foreground sm:block"
      >
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          {SHORTCUTS.map(([keys, action]) => (
            <li key={keys}>
              <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>{' '}
              {action}
            </li>
          ))}
        </ul>
      </aside>
      <p className="text-center text-sm text-muted-foreground sm:hidden">
        Swipe right for Prayed, left to skip.
      </p>
      {renderAnswerDialog({
        prayer: answering ? { id: answering.id, title: answering.title } : null,
        onOpenChange: (open) => {
          if (!open) setAnswering(null);
        },
        onAnswered: () => {
          setAnswering(null);
          next({ prayed, left });
        },
      })}
      <NoteDialog
        prayer={noting ? { id: noting.id, title: noting.title } : null}
        onOpenChange={(open) => {
          if (!open) setNoting(null);
        }}
      />
    </section>
  );
}

function sourceLabel(item: SessionItem): string {
  if (item.source === 'own') return 'Your prayer';
  if (item.source === 'group') return item.groupName ? `From ${item.groupName}` : 'From your group';
  return item.askedBy ? `Asked by ${item.askedBy.name}` : "A friend's request";
}

function prayedLine(item: SessionItem): string {
  if (item.prayedCount === 0 || !item.lastPrayedAt) return 'Not prayed yet.';
  const last = new Date(item.lastPrayedAt).toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
  });
  return `Prayed ${item.prayedCount} ${item.prayedCount === 1 ? 'time' : 'times'}, last on ${last}.`;
}

function SessionSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading your session">
      <Skeleton className="h-4 w-24" />
      <div className="grid gap-4 rounded-xl border p-5 sm:p-8">
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-5/6" />
      </div>
      <Skeleton className="h-12 w-full sm:w-40 sm:justify-self-center" />
    </div>
  );
}

function EmptyState({ dueOnly }: { dueOnly: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="grid flex-1 content-center justify-items-center gap-4 text-center">
      <title>Nothing to pray · Selah</title>
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight outline-none"
      >
        {dueOnly ? 'Nothing is due today' : 'Nothing to pray right now'}
      </h1>
      <p className="max-w-sm text-muted-foreground">
        Add a prayer, or commit to pray for a friend&apos;s request, and it will appear here.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={paths.app.prayers.getHref()}>Add a prayer</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.app.prayerRequests.getHref()}>Friends&apos; requests</Link>
        </Button>
      </div>
    </section>
  );
}

function EndScreen({ round, onMore }: { round: Round; onMore: () => void }) {
  const streak = useDashboardStats({ toastOnError: false });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const nextDue = round.left.find((item) => item.due);
  const allDue = round.items.length > 0 && round.items.every((item) => item.due);
  const days = streak.data?.prayerStreak;
  return (
    <section className="grid flex-1 content-center justify-items-center gap-6 text-center">
      <title>Amen · Selah</title>
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-semibold tracking-tight outline-none md:text-4xl"
      >
        You prayed {round.prayed}
      </h1>
      <p className="text-lg text-muted-foreground">
        {round.prayed === 1 ? 'One item lifted up.' : `${round.prayed} items lifted up.`}
      </p>
      <div className="flex items-center gap-2 text-lg" aria-live="polite">
        <Flame aria-hidden="true" className="size-5 text-primary" />
        {streak.isPending ? (
          <Skeleton className="h-6 w-32" aria-label="Loading your streak" />
        ) : days === undefined ? (
          <span>Your streak is not available right now.</span>
        ) : (
          <span>
            Streak: {days} {days === 1 ? 'day' : 'days'}
          </span>
        )}
      </div>
      <div className="w-full max-w-md rounded-xl border bg-card p-4 text-left">
        <h2 className="text-sm font-medium text-muted-foreground">Next due</h2>
        <p className="mt-1 text-lg">
          {nextDue
            ? nextDue.title
            : allDue
              ? 'More may be due today: pray one more round.'
              : 'Nothing else is due today.'}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="lg" onClick={onMore}>
          One more round
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.app.dashboard.getHref()}>Back to the dashboard</Link>
        </Button>
      </div>
    </section>
  );
}
