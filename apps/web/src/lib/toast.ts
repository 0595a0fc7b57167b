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

function show(kind: 'success' | 'error', message: Message, data?: ExternalToast): ToastId {
  if (sonner) return sonner.toast[kind](message, data);
  // The id sonner would only pick later, so callers can update or dismiss the toast meanwhile.
  const id = data?.id ?? `toast-${++nextId}`;
  withSonner((module) => module.toast[kind](message, { ...data, id }));
  return id;
}

export const toast = {
  success: (message: Message, data?: ExternalToast): ToastId => show('success', message, data),
  error: (message: Message, data?: ExternalToast): ToastId => show('error', message, data),
  /** Dismisses one toast, or all of them without an id. */
  dismiss: (id?: ToastId): void => withSonner((module) => void module.toast.dismiss(id)),
};
