import { startTransition, useEffect, useState } from 'react';

/** Whether this document's server markup has hydrated (set once, by the first component to see it). */
let hydrated = false;

/**
 * True while React renders a page on the server or hydrates the server's markup in the browser,
 * false in every render after that (and in components the browser mounts by itself later). What
 * only the browser knows (its storage, the signed-in session) may differ from the server's render
 * only once this is false: hydration must render what the server did (docs/decisions/045).
 *
 * The change to false is a transition: React renders it in slices after the hydrated page's
 * effects, instead of synchronously inside hydration's own commit (which is what
 * `useSyncExternalStore` with a server snapshot does, and then also runs every effect of the page
 * in that same task: one long task on every signed-in page).
 */
export function useIsHydrating(): boolean {
  const [hydrating, setHydrating] = useState(() => typeof window === 'undefined' || !hydrated);
  useEffect(() => {
    hydrated = true;
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  return hydrating;
}
