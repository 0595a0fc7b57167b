import { deletePushSubscription } from '../api/delete-push-subscription';

/** The service worker (apps/web/public/sw.js): served from the root, so its scope is the app. */
export const SERVICE_WORKER_URL = '/sw.js';

/** What this browser can do about push: nothing, or the state of the permission. */
export type PushSupport = 'unsupported' | NotificationPermission;

export function getPushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !window.isSecureContext ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    typeof Notification === 'undefined'
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/**
 * Asks for permission to show notifications. Call it straight from the click (browsers only
 * prompt during a user gesture), before awaiting anything else.
 */
export function requestNotificationPermission(): Promise<NotificationPermission> {
  if (getPushSupport() === 'unsupported') return Promise.resolve('denied');
  return Notification.requestPermission();
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe expects. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array) {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((value, index) => value === b[index]);
}

/** The registration of our service worker, if this browser has one. */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (getPushSupport() === 'unsupported') return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's push subscription, if any. */
export async function getBrowserSubscription(): Promise<PushSubscription | null> {
  const registration = await existingRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Registers the service worker and subscribes this browser to push with the server's key
 * (re-subscribing when an old subscription used another key). Permission must be granted.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (sameKey(existing.options.applicationServerKey, key)) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Stops push to this browser: the server forgets the subscription (best effort: a dead
 * endpoint is dropped by the server at its next push anyway) and the browser drops it.
 */
export async function unsubscribeBrowser(): Promise<void> {
  const subscription = await getBrowserSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

/** Logging out stops push to this browser (bounded, so a slow network never blocks logout). */
export function unsubscribePushOnLogout(timeoutMs = 3_000): Promise<void> {
  if (getPushSupport() === 'unsupported') return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    unsubscribeBrowser().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
