import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useThemeStore } from '@/stores/theme-store';

/** True for a pointer or focus event inside the toast region (see `DialogContent`). */
export function isToastEvent(event: Event): boolean {
  return event.target instanceof Element && event.target.closest('[data-sonner-toaster]') !== null;
}

/**
 * The one toast region: bottom-right, Alt+T focuses it, rich colours for errors (spec-1 §9).
 * A modal Radix dialog sets `pointer-events: none` on <body>, which the toaster would inherit:
 * it sets `pointer-events: auto` itself, so toasts stay clickable (close, actions) over dialogs.
 */
export function Toaster(props: ToasterProps) {
  const theme = useThemeStore((state) => state.theme);
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
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
  );
}
