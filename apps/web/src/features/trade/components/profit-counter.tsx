import { useEffect, useState } from 'react';
import { useReducedMotion } from '@/hooks/use-reduced-motion';
import { usePageVisible } from '../hooks/use-page-visible';
import { climbValue, PROFIT_TARGET } from '../utils/countdown';

const CLIMB_MS = 2000;
const STEP_MS = 50;

/**
 * The profit counter: climbs from 0 to $847 in two seconds, or shows $847 at once when motion is
 * reduced. Screen readers get the final figure only.
 */
export function ProfitCounter() {
  const reduced = useReducedMotion();
  const visible = usePageVisible();
  const [elapsed, setElapsed] = useState(0);
  const done = reduced || elapsed >= CLIMB_MS;

  useEffect(() => {
    if (done || !visible) return;
    const timer = setInterval(() => setElapsed((value) => value + STEP_MS), STEP_MS);
    return () => clearInterval(timer);
  }, [done, visible]);

  const value = done ? PROFIT_TARGET : climbValue(elapsed, CLIMB_MS);
  return (
    <figure className="grid gap-1">
      <p className="font-mono text-5xl font-semibold text-emerald-700 tabular-nums sm:text-6xl dark:text-emerald-400">
        <span aria-hidden="true" data-testid="profit-value">
          +${String(value).padStart(3, '\u2007')}
        </span>
        <span className="sr-only">+${PROFIT_TARGET}</span>
      </p>
      <figcaption className="text-sm text-muted-foreground">
        An illustrative good week on a $150 account. Not typical, and not a promise.
      </figcaption>
    </figure>
  );
}
