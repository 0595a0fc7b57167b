import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

const RADIUS = 44;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The quiet timer of one item: a ring that fills as the minutes pass, and the time left. It
 * never moves on by itself; when the time is up it says so, quietly. Remount it (a `key`) for
 * each item.
 */
export function TimerRing({ minutes, className }: { minutes: number; className?: string }) {
  const total = minutes * 60;
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const id = window.setInterval(() => {
      const seconds = Math.min(total, Math.floor((Date.now() - started) / 1000));
      setElapsed(seconds);
      if (seconds >= total) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [total]);
  const left = total - elapsed;
  const done = left <= 0;
  const label = done ? 'Quiet time is over' : `Quiet timer: ${clock(left)} left`;
  return (
    <div
      role="timer"
      aria-label={label}
      data-done={done}
      className={cn('relative inline-grid size-24 place-items-center', className)}
    >
      <svg
        viewBox="0 0 100 100"
        className="absolute inset-0 size-full -rotate-90"
        aria-hidden="true"
      >
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="6" className="stroke-muted" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          className="stroke-primary transition-[stroke-dashoffset] duration-1000 ease-linear motion-reduce:transition-none"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - elapsed / total)}
          data-testid="timer-progress"
        />
      </svg>
      <span aria-hidden="true" className="text-sm font-medium tabular-nums">
        {done ? 'Amen' : clock(left)}
      </span>
    </div>
  );
}
