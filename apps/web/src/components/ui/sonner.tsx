import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { isPhone, loadSonner, PHONE_QUERY } from '@/lib/toast';
import { useThemeStore } from '@/stores/theme-store';

/** sonner's `Toaster`, loaded with `toast` (lib/toast.ts), out of the initial bundle. */
const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** True for a pointer or focus event inside the toast region (see `DialogContent`). */
export function isToastEvent(event: Event): boolean {
  return event.target instanceof Element && event.target.closest('[data-sonner-toaster]') !== null;
}

function subscribePhone(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener?.('change', onChange);
  return () => media.removeEventListener?.('change', onChange);
}

/**
 * The one toast region: bottom-right on wide screens; on phones top-center, clear of the
 * bottom controls (cards' Prayed, dialogs' buttons) and swiped away up or sideways (issue 29
 * §4; lib/toast.ts bounds how long one stays there). Alt+T focuses it, rich colours for errors (spec-1 §9).
 * Mounted once, at the app's first render, which starts loading sonner; until it has arrived
 * there is nothing to show (toasts raised meanwhile wait in lib/toast.ts), and the region is
 * fixed-position, so its arrival moves nothing on the page.
 * The wrapper is there from the first render because a modal Radix dialog hides everything but
 * itself and existing `[aria-live]` elements from screen readers (aria-hidden) when it opens: an
 * `aria-live="off"` wrapper (sonner's own region inside is "polite") keeps toasts that arrive
 * later, under a dialog opened before sonner did, readable.
 * A modal Radix dialog sets `pointer-events: none` on <body>, which the toaster would inherit:
 * it sets `pointer-events: auto` itself, so toasts stay clickable (close, actions) over dialogs.
 */
export function Toaster(props: ToasterProps) {
  const theme = useThemeStore((state) => state.theme);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return (
    <div aria-live="off">
      <Suspense fallback={null}>
        <SonnerToaster
          theme={theme}
          position={phone ? 'top-center' : 'bottom-right'}
          swipeDirections={phone ? ['top', 'left', 'right'] : ['bottom', 'right']}
          hotkey={['altKey', 'KeyT']}
          richColors
          closeButton
          className="toaster group"
          style={
            {
              '--normal-bg': 'var(--popover)',
              '--normal-text': 'var(--popover-foreground)',
              '--normal-border': 'var(--border)',
              pointerEvents: 'auto',
            } as React.CSSProperties
          }
          {...props}
        />
      </Suspense>
    </div>
  );
}
