import { MOBILE_BREAKPOINT } from '@selah/shared/constants';
import type * as SonnerModule from 'sonner';

/**
 * The app's `toast`: sonner's, loaded on demand, so sonner (about 10 KB gzip) stays out of the
 * initial bundle (issue 7, docs/decisions/021-initial-bundle-and-lighthouse.md). The `Toaster`
 * (components/ui/sonner.tsx) starts loading it on the first render; a toast raised before it has
 * arrived waits here and is shown as soon as it has, never lost (sonner replays toasts created
 * before its `Toaster` subscribes). Import `toast` from here, never from 'sonner' (ESLint).
 */
type Sonner = typeof SonnerModule;
type ExternalToast = SonnerModule.ExternalToast;
type Message = Parameters<Sonner['toast']['error']>[0];
export type ToastId = string | number;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const waiting: ((module: Sonner) => void)[] = [];
let nextId = 0;

/** Loads sonner once (again after a failed attempt) and runs what waited for it, in order. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const run of waiting.splice(0)) run(module);
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function withSonner(run: (module: Sonner) => void): void {
  if (sonner) return run(sonner);
  waiting.push(run);
  loadSonner().catch(() => undefined);
}

/** Phones: below the md breakpoint, where the sidebar becomes a sheet. */
export const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

export function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

/**
 * The longest a toast stays on a phone, whatever sonner's pause says (issue 29 §4). sonner
 * pauses every timer while a toast is touched and resumes on pointerup, which never comes when
 * the browser turns the touch into a scroll (pointercancel): one toast stayed over 40 s there.
 * Longer than every duration the app asks for (8 s at most). Desktops keep the hover pause.
 */
export const TOAST_PHONE_MAX_MS = 10_000;

/** When each toast on screen was last shown, and its phone deadline. */
const shown = new Map<ToastId, { at: number; deadline?: ReturnType<typeof setTimeout> }>();

function track(id: ToastId): void {
  // Long gone (sonner closed them itself): kept no longer than a minute.
  for (const [key, entry] of shown) if (Date.now() - entry.at > 60_000) forget(key);
  const previous = shown.get(id);
  if (previous?.deadline !== undefined) clearTimeout(previous.deadline);
  const deadline = isPhone() ? setTimeout(() => dismiss(id), TOAST_PHONE_MAX_MS) : undefined;
  shown.set(id, { at: Date.now(), ...(deadline !== undefined ? { deadline } : {}) });
}

function forget(id?: ToastId): void {
  for (const [key, entry] of shown) {
    if (id !== undefined && key !== id) continue;
    if (entry.deadline !== undefined) clearTimeout(entry.deadline);
    shown.delete(key);
  }
}

function dismiss(id?: ToastId): void {
  forget(id);
  withSonner((module) => void module.toast.dismiss(id));
}

function show(kind: 'success' | 'error', message: Message, data?: ExternalToast): ToastId {
  let id: ToastId;
  if (sonner) {
    id = sonner.toast[kind](message, data);
  } else {
    // The id sonner would only pick later, so callers can update or dismiss the toast meanwhile.
    const chosen = data?.id ?? `toast-${++nextId}`;
    withSonner((module) => module.toast[kind](message, { ...data, id: chosen }));
    id = chosen;
  }
  track(id);
  return id;
}

export const toast = {
  success: (message: Message, data?: ExternalToast): ToastId => show('success', message, data),
  error: (message: Message, data?: ExternalToast): ToastId => show('error', message, data),
  /** Dismisses one toast, or all of them without an id. */
  dismiss,
  /**
   * On a phone, dismisses the toasts shown more than `ms` ago: a dialog opening clears what
   * earlier actions said, so no toast sits over it (`DialogContent`). Desktops keep them (their
   * corner is clear of dialogs).
   */
  dismissEarlierOnPhone: (ms: number): void => {
    if (!isPhone()) return;
    const now = Date.now();
    for (const [id, entry] of shown) if (now - entry.at > ms) dismiss(id);
  },
};
