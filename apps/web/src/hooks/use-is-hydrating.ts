import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * True while React renders a page on the server or hydrates the server's markup in the browser,
 * false in every render after that (and in pages the browser renders by itself). What only the
 * browser knows (its storage, the signed-in session) may differ from the server's render only
 * once this is false: hydration must render what the server did (docs/decisions/045).
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
