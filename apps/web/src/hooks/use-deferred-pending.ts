import { useDeferredValue } from 'react';

/**
 * Whether a page's first data is still to be shown: `true` while the query is pending, and for
 * one render more once it has arrived (ADR 028). The data arrives through useSyncExternalStore,
 * whose re-render is synchronous: the whole page in one long task. Keeping the skeleton one render
 * longer lets React render the page as a deferred (transition) render, which it slices and yields
 * between. Pass a skeleton element made once (a module-level constant) so that extra render does
 * not redo it. Only the first load is deferred: later updates keep `isPending` false.
 */
export function useDeferredPending(isPending: boolean): boolean {
  return useDeferredValue(isPending) || isPending;
}
