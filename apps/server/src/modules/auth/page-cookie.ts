import type { FastifyReply } from 'fastify';
import { decodeJwt } from 'jose';

/**
 * The session token again, as an HttpOnly cookie that only the page handler reads
 * (plugins/server-render.ts): a browser's request for a page carries no Authorization header, so
 * this is how the server knows whose page to render with data (ADR 033). The API never accepts
 * it: API calls stay bearer-only, so cross-site requests cannot use it (no CSRF). SameSite=Lax
 * keeps it on top-level navigations to us (a link from elsewhere), nothing else cross-site.
 */
export const PAGE_COOKIE = 'selah_page_session';

/** Sets the page cookie for a token just issued; it expires with the token. */
export function setPageCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const { exp } = decodeJwt(token);
  reply.setCookie(PAGE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(typeof exp === 'number' ? { expires: new Date(exp * 1000) } : {}),
  });
}

export function clearPageCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(PAGE_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
