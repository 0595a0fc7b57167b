import { useCallback, useSyncExternalStore } from 'react';

/** The quiet timer's choices, in minutes (0 = off). */
export const TIMER_CHOICES = [0, 1, 2, 5] as const;
export type TimerMinutes = (typeof TIMER_CHOICES)[number];

const KEY = 'selah.pray.timer';
const listeners = new Set<() => void>();
/** The choice when the browser keeps no storage (private browsing): for this visit. */
let unsaved: TimerMinutes | null = null;

function stored(): TimerMinutes {
  if (unsaved !== null) return unsaved;
  try {
    const value = Number(window.localStorage.getItem(KEY));
    return (TIMER_CHOICES as readonly number[]).includes(value) ? (value as TimerMinutes) : 0;
  } catch {
    return 0;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The quiet timer per item, remembered in this browser (a preference of the device the user
 * prays on, like the theme). Off on the server's page; the stored choice once hydrated.
 */
export function useTimerChoice(): [TimerMinutes, (minutes: TimerMinutes) => void] {
  const minutes = useSyncExternalStore(subscribe, stored, (): TimerMinutes => 0);
  const choose = useCallback((next: TimerMinutes) => {
    try {
      window.localStorage.setItem(KEY, String(next));
      unsaved = null;
    } catch {
      unsaved = next;
    }
    for (const listener of listeners) listener();
  }, []);
  return [minutes, choose];
}
