import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import type { DbHandle } from '../../apps/server/src/db/client.ts';
import { SEED_PASSWORD } from '../../apps/server/src/db/seed.ts';
import { SessionTokens } from '../../apps/server/src/modules/auth/session-token.ts';
import type { RequestSpec } from './scenarios.ts';

/**
 * The origin the bench's servers run under (APP_ORIGIN): the issuer of their session tokens,
 * which the controls verify as the app does.
 */
export const BENCH_APP_ORIGIN = 'http://127.0.0.1:3000';

/** A signed-in seeded user of an in-process app. */
export interface InProcessUser {
  n: number;
  token: string;
  id: string;
  sessionId: string;
}

/**
 * The real app (`buildApp`) in this process on `db`, as production configures it, with the
 * e-mail outbox worker stopped (its polling is background work, not a request's): what the
 * bench counts queries with and captures the app's statements from.
 */
export async function startInProcessApp(db: DbHandle, jwtSecret = randomBytes(32).toString('hex')) {
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: path.join(os.tmpdir(), 'selah-bench-inprocess'),
    APP_ORIGIN: BENCH_APP_ORIGIN,
    WEB_DIST_DIR: path.join(os.tmpdir(), 'selah-bench-no-web'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
    // ADR 035's remembered reads, while the server still has them: every read goes to the
    // database (an unknown variable once they are gone).
    READ_CACHE: 'off',
  });
  const app: FastifyInstance = await buildApp({
    env,
    db,
    jwtSecret,
    logger: false,
    startWorkers: false,
  });
  await app.ready();
  await app.services.mailWorker.stop();
  const tokens = new SessionTokens(jwtSecret, env.APP_ORIGIN);

  const inject = (spec: RequestSpec) =>
    app.inject({
      method: spec.method,
      url: spec.path,
      headers: spec.headers,
      remoteAddress: '127.0.0.1',
      ...(spec.body === undefined ? {} : { payload: spec.body }),
    });

  const signIn = async (n: number): Promise<InProcessUser> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `10.250.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`,
      payload: { email: `seed${n}@example.test`, password: SEED_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login of seed${n} failed: ${res.body}`);
    const { token } = res.json<{ token: string }>();
    const claims = await tokens.verify(token);
    return { n, token, id: claims!.userId, sessionId: claims!.sessionId };
  };

  return { app, env, jwtSecret, inject, signIn, close: () => app.close() };
}
