import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { toast } from '@/lib/toast';

export const DIALOG_LOAD_FAILED = 'This could not be opened. Check your connection and try again.';

/** Runs `task` once the browser is idle (or after a moment where it cannot tell); cancellable. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1000);
  return () => window.clearTimeout(handle);
}

/**
 * A dialog whose module loads when the dialog first opens, or before that once the browser is
 * idle, instead of with its page: the page's first load neither downloads nor renders it
 * (issue 7; ADR 032). Once opened it stays mounted, so what the user typed survives closing it,
 * as with a dialog imported directly. Should its module fail to load, the user is told, the
 * dialog counts as closed (`onOpenChange(false)`) and the next opening tries again.
 */
interface DialogProps {
  onOpenChange: (open: boolean) => void;
}

/** A dialog opened by its `open` prop: */
export function lazyDialog<P extends DialogProps & { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P>;
/** A dialog opened some other way, e.g. by the item it shows: */
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P>;
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as P & { open: boolean }).open,
): ComponentType<P> {
  const makeDialog = () => lazy(async () => ({ default: await load() }));
  // React keeps a lazy component's failure: a failed load gets a new one for the next opening.
  let Dialog = makeDialog();
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [mounted, setMounted] = useState(open);
    if (open && !mounted) setMounted(true);
    useEffect(
      () =>
        whenIdle(() => {
          load().catch(() => {
            // Prefetch only: opening the dialog loads it again and reports a failure.
          });
        }),
      [],
    );
    if (!mounted) return null;
    return (
      <ErrorBoundary
        fallback={null}
        resetKeys={[open]}
        onError={() => {
          Dialog = makeDialog();
          props.onOpenChange(false);
          toast.error('Something went wrong', { description: DIALOG_LOAD_FAILED });
        }}
      >
        <Suspense fallback={null}>
          <Dialog {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}
