import type { GoogleConfirmAction } from '@selah/shared/schemas/auth';
import { env } from '@/config/env';

/**
 * The server route that starts a Google sign-in confirming `action` for a Google-only account
 * (a full-page navigation); Google sends the browser back to Settings with `?confirmed=` or
 * `?confirm_failed=` and the action (ADR 039).
 */
export function googleConfirmUrl(action: GoogleConfirmAction): string {
  const url = `${env.API_URL.replace(/\/$/, '')}/auth/google`;
  return `${url}?${new URLSearchParams({ confirm: action }).toString()}`;
}

/** Leaves for Google to confirm `action` (a full-page navigation). */
export function startGoogleConfirmation(action: GoogleConfirmAction): void {
  window.location.assign(googleConfirmUrl(action));
}
