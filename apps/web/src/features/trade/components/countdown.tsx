import { useEffect, useState } from 'react';
import { usePageVisible } from '../hooks/use-page-visible';
import { COUNTDOWN_START_SECONDS, formatCountdown, nextCountdown } from '../utils/countdown';

/** The offer countdown: from 23:45:32 down to zero, then again from 23:59:59. */
export function Countdown({ start = COUNTDOWN_START_SECONDS }: { start?: number }) {
  const [seconds, setSeconds] = useState(start);
  const visible = usePageVisible();

  useEffect(() => {
    if (!visible) return;
    const timer = setInterval(() => setSeconds(nextCountdown), 1000);
    return () => clearInterval(timer);
  }, [visible]);

  const [hours, minutes, rest] = formatCountdown(seconds).split(':');
  const separator = <span className="px-0.5 text-muted-foreground">:</span>;
  return (
    <div className="grid gap-2">
      <p id="offer-countdown-label" className="text-sm font-medium text-muted-foreground">
        Free first month: this offer window closes in
      </p>
      {/* role=timer is not announced every second (its live region is off by default). */}
      <p
        role="timer"
        aria-labelledby="offer-countdown-label"
        aria-describedby="offer-countdown-units"
        className="font-mono text-4xl font-semibold tabular-nums sm:text-5xl"
      >
        <span>{hours}</span>
        {separator}
        <span>{minutes}</span>
        {separator}
        <span>{rest}</span>
      </p>
      <p id="offer-countdown-units" className="text-xs text-muted-foreground">
        Hours, minutes and seconds. The window restarts every 24 hours.
      </p>
    </div>
  );
}
