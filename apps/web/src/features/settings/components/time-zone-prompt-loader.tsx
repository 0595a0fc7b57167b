import { lazy, Suspense, useState } from 'react';
import { useIsHydrating } from '@/hooks/use-is-hydrating';
import { useSessionUser } from '@/stores/auth-store';

const TimeZoneQuestion = lazy(() =>
  import('./time-zone-prompt').then((m) => ({ default: m.TimeZoneQuestion })),
);

/**
 * In the signed-in shell, once per account (ADR 057): for a person who never chose their zone
 * (none stored, their device's at sign-up, or one an earlier settings form saved for them), the
 * question whether to switch to this device's zone. Shown only in the browser, after hydration
 * (the server does not know the device's zone), and loaded only then: most accounts have chosen
 * and never download it.
 */
export function TimeZonePrompt() {
  const user = useSessionUser();
  const hydrating = useIsHydrating();
  // Once loaded it stays mounted (and hides itself once answered), so the answer's toast is said.
  const [loaded, setLoaded] = useState(false);
  const wanted = !hydrating && !!user && !user.settings.timeZoneChosen;
  if (wanted && !loaded) setLoaded(true);
  if (!wanted && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <TimeZoneQuestion />
    </Suspense>
  );
}
