import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';

/**
 * The session token again, as an HttpOnly cookie that only the page handler reads
 * (plugins/pages.ts): a browser's request for a page carries no Authorization header, so
 * this is how the server knows whose page to render with data (ADR 033). The API never accepts
 * it: API calls stay bearer-only, so cross-site requests cannot use it (no CSRF). SameSite=Lax
 * keeps it on top-level navigations to us (a link from elsewhere), nothing else cross-site.
 *
 * Over https it is `__Host-` prefixed (ASVS 3.3.1): the browser keeps it only with `Secure`,
 * `Path=/` and no `Domain`, so no other host and no plain-http page can set it. Over plain http
 * (development, tests) a browser would refuse that prefix, so it goes without.
 */
export const PAGE_COOKIE = 'selah_page_session';
export const SECURE_PAGE_COOKIE = `__Host-${PAGE_COOKIE}`;

const nameFor = (secure: boolean) => (secure ? SECURE_PAGE_COOKIE : PAGE_COOKIE);
const attributes = (secure: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure }) as const;

/** The page cookie a request carries (the token in it), if any. */
export function pageCookie(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[nameFor(secure)];
}

/** Sets the page cookie for a token just issued; it expires with the token. */
export function setPageCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const { exp } = decodeJwt(token);
  reply.setCookie(nameFor(secure), token, {
    ...attributes(secure),
    ...(typeof exp === 'number' ? { expires: new Date(exp * 1000) } : {}),
  });
}

export function clearPageCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(nameFor(secure), attributes(secure));
}
