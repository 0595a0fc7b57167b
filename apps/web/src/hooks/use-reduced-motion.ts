import { useSyncExternalStore } from 'react';
import { useIsHydrating } from '@/hooks/use-is-hydrating';
import { useThemeStore } from '@/stores/theme-store';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(QUERY);
  media.addEventListener?.('change', onChange);
  return () => media.removeEventListener?.('change', onChange);
}

/** Whether the system asks for reduced motion (the operating system's accessibility setting). */
export function useSystemReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches,
    () => false,
  );
}

/**
 * Whether the app should move less: Settings > Appearance turned animations off, or left them to
 * the system and the system asks for reduced motion. For motion made in JavaScript (counters,
 * carousels); CSS animations follow `data-reduce-motion` on <html> by themselves. While a
 * server-rendered page hydrates it says what the server rendered (motion), since the setting
 * lives in the browser's storage.
 */
export function useReducedMotion(): boolean {
  const animations = useThemeStore((state) => state.animations);
  const system = useSystemReducedMotion();
  const hydrating = useIsHydrating();
  if (hydrating) return false;
  return animations === null ? system : !animations;
}
