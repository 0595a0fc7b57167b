import { lazy, Suspense, useEffect, useState } from 'react';
import { RhythmSkeleton } from './rhythm-skeleton';

const RhythmView = lazy(() => import('./rhythm-view').then((m) => ({ default: m.RhythmView })));

/** Says when the boundary it is in has mounted or hydrated (its effect runs then). */
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

/**
 * The rhythm view as a chunk of its own, out of the signed-in shell's initial JS (its budget,
 * ADR 045): it sits below the page's first screen. The server renders it with its data in the
 * same response, and the browser hydrates it once its module has arrived, leaving the server's
 * markup on screen until then (no layout shift, no skeleton flash). Until it is alive it is
 * inert, as the whole page is while it hydrates (root.tsx): a click on a day is never lost.
 */
export function LazyRhythmView({ className }: { className?: string }) {
  const [alive, setAlive] = useState(false);
  return (
    <div className="contents" inert={!alive}>
      <Suspense
        fallback={
          <div className={className}>
            <RhythmSkeleton />
          </div>
        }
      >
        <RhythmView {...(className ? { className } : {})} />
        <Mounted onMounted={() => setAlive(true)} />
      </Suspense>
    </div>
  );
}
