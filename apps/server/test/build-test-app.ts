import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import type { DbHandle } from '../src/db/client.ts';
import { createTestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh database, ready for `app.inject`. Pass env overrides as strings,
 * exactly as they would come from the environment.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    db?: DbHandle;
    /** The token signing secret (random when not given): token-forging tests need to know it. */
    jwtSecret?: string;
  } & Partial<
    Pick<
      BuildAppOptions,
      'redis' | 'redisSubscriber' | 'logger' | 'startWorkers' | 'now' | 'pushAllowInsecure'
    >
  > = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'selah-app-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_ORIGIN: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const db = options.db ?? (await createTestDb());
  const app = await buildApp({
    env,
    db,
    jwtSecret: options.jwtSecret ?? randomBytes(32).toString('hex'),
    redis: options.redis,
    logger: options.logger ?? false,
    startWorkers: options.startWorkers ?? false,
    ...(options.now ? { now: options.now } : {}),
    redisSubscriber: options.redisSubscriber,
    pushAllowInsecure: options.pushAllowInsecure ?? false,
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Serves the app on a free loopback port (for real HTTP: streams, raw sockets); its base URL. */
export const listenOnLoopback = (app: FastifyInstance): Promise<string> =>
  app.listen({ port: 0, host: '127.0.0.1' });

let counter = 0;
/** A unique e-mail for this test run. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${(counter++).toString(36)}@example.test`;

export const STRONG_PASSWORD = 'Selah-test-Pass-42!';

/** Registers and signs in a user through the API; returns the token and the user. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    ip: string;
  }> = {},
): Promise<{ token: string; userId: string; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const ip = overrides.ip ?? randomIp();
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: ip,
    payload: {
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'User',
      email,
      password,
    },
  });
  if (register.statusCode !== 201)
    throw new Error(`register failed: ${register.statusCode} ${register.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const body = login.json<{ token: string; user: { _id: string } }>();
  return { token: body.token, userId: body.user._id, email, password };
}

/** A random documentation-range address, so per-IP limits do not leak between tests. */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
