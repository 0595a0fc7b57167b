import { Pause, Play, Quote } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { usePageVisible } from '../hooks/use-page-visible';
import { TESTIMONIAL_INTERVAL_MS } from '../utils/countdown';

export const TESTIMONIALS = [
  {
    quote:
      'The morning signals fit around my job. I check them on the bus and set my orders before work.',
    name: 'Daniel O.',
    detail: 'Member for 5 months',
  },
  {
    quote:
      'I liked that every signal came with a stop-loss. It taught me to size my trades properly.',
    name: 'Grace M.',
    detail: 'Member for 3 months',
  },
  {
    quote: 'The free first month let me follow along on a demo account before I risked any money.',
    name: 'Samuel K.',
    detail: 'Member for 8 months',
  },
  {
    quote: 'Clear entries, clear exits, and a weekly review of what worked and what did not.',
    name: 'Esther A.',
    detail: 'Member for 1 year',
  },
] as const;

/**
 * Four testimonials, one at a time, moving on every 4 seconds (and resting while the tab is
 * hidden or the user paused them). All four share one grid cell, so the box keeps the height of
 * the longest and nothing below it moves. The fade follows the app's reduced-motion setting.
 */
export function Testimonials() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const visible = usePageVisible();
  const rotating = visible && !paused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % TESTIMONIALS.length),
      TESTIMONIAL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [rotating]);

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="testimonials-heading"
      className="grid gap-4"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="testimonials-heading" className="text-2xl font-semibold tracking-tight">
          What members say
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? 'Play testimonials' : 'Pause testimonials'}
        >
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {paused ? 'Play' : 'Pause'}
        </Button>
      </div>
      <div className="grid" aria-live={rotating ? 'off' : 'polite'}>
        {TESTIMONIALS.map((item, position) => {
          const current = position === index;
          return (
            <figure
              key={item.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${TESTIMONIALS.length}`}
              aria-hidden={!current}
              className={cn(
                'col-start-1 row-start-1 flex flex-col gap-4 rounded-xl border bg-card p-6 transition-[opacity,visibility] duration-500',
                current ? 'visible opacity-100' : 'invisible opacity-0',
              )}
            >
              <Quote className="size-6 text-muted-foreground" aria-hidden="true" />
              <blockquote className="text-lg text-balance">{item.quote}</blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{item.name}</span>
                <span className="text-muted-foreground"> · {item.detail}</span>
              </figcaption>
            </figure>
          );
        })}
      </div>
      <div className="flex justify-center gap-1">
        {TESTIMONIALS.map((item, position) => (
          <button
            key={item.name}
            type="button"
            aria-label={`Show testimonial ${position + 1} of ${TESTIMONIALS.length}`}
            aria-current={position === index ? 'true' : undefined}
            onClick={() => setIndex(position)}
            className="group flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span
              className={cn(
                'size-2.5 rounded-full',
                position === index
                  ? 'bg-primary'
                  : 'bg-muted-foreground/40 group-hover:bg-muted-foreground/70',
              )}
            />
          </button>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Testimonials are illustrative examples. Individual results vary.
      </p>
    </section>
  );
}
