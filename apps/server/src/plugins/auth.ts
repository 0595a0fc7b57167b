import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/index.ts';
import { unauthenticated } from '../lib/app-error.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { pageCookie } from '../modules/auth/page-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: requires a live session; sets request.user and request.sessionId. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The signed-in user of a request that may come from an `<img>` (no Authorization header):
     * the bearer token, else the HttpOnly page cookie; null without a live session. Only for
     * reads of images (profile photos): SameSite=Lax keeps the cookie off cross-site requests.
     */
    viewerOf: (request: FastifyRequest) => Promise<UserRow | null>;
  }
}

/** The signed-in user of a request behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** The token of a request's `Authorization: Bearer` header, when it has a well-formed one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header ? BEARER.exec(header)?.[1] : undefined) ?? null;
}

/** The OpenAPI security of a route behind `app.authenticate` (the scheme is in plugins/swagger.ts). */
export const SESSION_SECURITY = [{ bearer: [] }];

const declareSecurity = (
  route: RouteOptions,
  security: NonNullable<RouteOptions['schema']>['security'],
) => {
  route.schema = { ...route.schema, security };
};

/**
 * Every route of this plugin scope needs a live session: `app.authenticate` runs first on each
 * request, and each route's OpenAPI document says so. The one way to guard a whole scope.
 */
export function requireSession(app: FastifyInstance): void {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => declareSecurity(route, SESSION_SECURITY));
}

/** Bearer-token authentication against server-side sessions. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService; secureCookies: boolean }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request);
      const session = token ? await opts.auth.authenticate(token) : null;
      if (!session) {
        request.log.info({ ip: request.ip, event: 'auth_denied' }, 'missing or invalid session');
        throw unauthenticated('Your session has expired. Please sign in again.');
      }
      request.user = session.user;
      request.sessionId = session.sessionId;
      opts.auth.noteActivity(session.user);
      // Authenticated answers are personal: never cached by browsers or proxies.
      reply.header('cache-control', 'no-store');
    });
    // The document's security follows the session check (ADR 049): a route with
    // `onRequest: [app.authenticate]` declares the bearer session, any other route none unless
    // it says otherwise (its own scheme); requireSession's scopes declare it after this.
    app.addHook('onRoute', (route) => {
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      if (own.includes(app.authenticate)) declareSecurity(route, SESSION_SECURITY);
      else if (route.schema?.security === undefined) declareSecurity(route, []);
    });
    app.decorate('viewerOf', async (request: FastifyRequest) => {
      const token = bearerToken(request) ?? pageCookie(request, opts.secureCookies);
      const session = token ? await opts.auth.authenticate(token) : null;
      return session?.user ?? null;
    });
  },
  { name: 'auth' },
);
