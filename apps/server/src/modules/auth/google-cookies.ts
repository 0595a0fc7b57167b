import { GOOGLE_CONFIRM_TTL_SECONDS, LOGIN_CODE_TTL_SECONDS } from '@selah/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookies of a Google round trip, all HttpOnly and each sent only to the route that reads
 * it (its path). None is a credential on its own: each binds something the page also has to
 * present to the browser that started the round trip (ADR 039).
 */
const cookies = {
  /** The OAuth state, checked at the callback (Lax: Google's redirect is a cross-site navigation). */
  state: { name: 'selah_oauth_state', path: '/api/auth/google', sameSite: 'lax', maxAge: 600 },
  /** A friend's invite code carried through a Google sign-up started from an invite link. */
  invite: { name: 'selah_oauth_invite', path: '/api/auth/google', sameSite: 'lax', maxAge: 600 },
  /** The browser's time zone, kept for an account a Google sign-up creates (ADR 057). */
  zone: { name: 'selah_oauth_zone', path: '/api/auth/google', sameSite: 'lax', maxAge: 600 },
  /** The browser half of the callback's login code: the code alone exchanges for nothing. */
  handoff: {
    name: 'selah_google_handoff',
    path: '/api/auth/exchange',
    sameSite: 'strict',
    maxAge: LOGIN_CODE_TTL_SECONDS,
  },
  /** A fresh Google sign-in confirming Clear Data or Delete Account (Google-only accounts). */
  confirm: {
    name: 'selah_google_confirm',
    path: '/api/users/me',
    sameSite: 'strict',
    maxAge: GOOGLE_CONFIRM_TTL_SECONDS,
  },
} as const;

export type GoogleCookie = keyof typeof cookies;

export function setGoogleCookie(
  reply: FastifyReply,
  which: GoogleCookie,
  value: string,
  secure: boolean,
): void {
  const { name, ...attributes } = cookies[which];
  reply.setCookie(name, value, { ...attributes, httpOnly: true, secure });
}

export function googleCookie(request: FastifyRequest, which: GoogleCookie): string | undefined {
  return request.cookies[cookies[which].name] || undefined;
}

export function clearGoogleCookie(reply: FastifyReply, which: GoogleCookie): void {
  const { name, path } = cookies[which];
  reply.clearCookie(name, { path });
}
