import type { FastifyInstance, InjectOptions } from 'fastify';
import { bearer } from './build-test-app.ts';

/** A small typed client over `app.inject` for one signed-in user (or nobody). */
export function apiAs(app: FastifyInstance, token: string | null) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}),
    put: (url: string, payload?: unknown) => call('PUT', url, payload ?? {}),
    delete: (url: string) => call('DELETE', url),
  };
}
export type Api = ReturnType<typeof apiAs>;
