import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { AUTH_LIMITS, Limiter } from './lib/rate-limiter.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { GoogleOidc } from './modules/auth/google-oidc.ts';
import { PasswordHasher } from './modules/auth/password-hasher.ts';
import { SessionTokens } from './modules/auth/session-token.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { journalsRoutes } from './modules/journals/journals.routes.ts';
import { JournalsService } from './modules/journals/journals.service.ts';
import { prayersRoutes } from './modules/prayers/prayers.routes.ts';
import { PrayersService } from './modules/prayers/prayers.service.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { StatsService } from './modules/stats/stats.service.ts';
import { MailRepository } from './modules/mail/mail.repository.ts';
import { MailWorker } from './modules/mail/mail.worker.ts';
import { UsersService } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(path.join(here, '../package.json'), 'utf8')) as { version: string }
).version;
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildAppOptions {
  env: Env;
  db: DbHandle;
  jwtSecret: string;
  redis?: Redis | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Background jobs (mail outbox, housekeeping); off in most tests. */
  startWorkers?: boolean;
  /** The clock services read (tests move it). */
  now?: () => Date;
}

/** Pino options: request ids, no query strings (they may carry codes), secrets redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
        id: req.id,
      }),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      auth: AuthService;
      users: UsersService;
      mailWorker: MailWorker;
      journals: JournalsService;
      prayers: PrayersService;
      stats: StatsService;
    };
  }
}

/** Builds the whole app (API + SPA) without listening: server.ts listens, tests inject. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { env, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: env.trustProxy.length > 0 ? env.trustProxy : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    connectionTimeout: 30_000,
    keepAliveTimeout: 72_000,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const https = env.APP_ORIGIN.startsWith('https://');
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { https });
  await app.register(underPressure, {
    maxEventLoopDelay: 1_000,
    retryAfter: 5,
    exposeStatusRoute: false,
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    skipOnError: true,
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'selah-rl:' } : {}),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Selah API', version: VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Services
  const mailRepo = new MailRepository(db.db);
  const mailWorker = new MailWorker(mailRepo, {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    logger: app.log,
  });
  const users = new UsersService(db.db);
  const limiters = Object.fromEntries(
    Object.entries(AUTH_LIMITS).map(([key, rule]) => [key, new Limiter(rule, opts.redis)]),
  ) as Record<keyof typeof AUTH_LIMITS, Limiter>;
  const google =
    env.googleEnabled && env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? new GoogleOidc({
          issuerUrl: env.GOOGLE_ISSUER_URL,
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          redirectUri: `${env.APP_ORIGIN}/api/auth/google/callback`,
        })
      : null;
  const auth = new AuthService({
    db: db.db,
    users,
    mail: mailRepo,
    onMailQueued: () => mailWorker.poke(),
    hasher: new PasswordHasher(),
    tokens: new SessionTokens(opts.jwtSecret, env.APP_ORIGIN),
    google,
    appOrigin: env.APP_ORIGIN,
    limiters,
    logger: app.log,
  });
  const now = opts.now ?? (() => new Date());
  const journals = new JournalsService(db.db, now);
  const prayers = new PrayersService(db.db, journals, now);
  const stats = new StatsService(prayers, now);
  app.decorate('services', { auth, users, mailWorker, journals, prayers, stats });

  await app.register(authPlugin, { auth });

  // Modules
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: db.ping, version: VERSION });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        appOrigin: env.APP_ORIGIN,
        secureCookies: https,
      });
      await api.register(journalsRoutes, { prefix: '/journals', journals });
      await api.register(prayersRoutes, { prefix: '/prayers', prayers });
      await api.register(statsRoutes, { prefix: '/stats', stats });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, {
    distDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
  });

  if (opts.startWorkers) {
    mailWorker.start();
    const housekeeping = setInterval(
      () => {
        auth.repo
          .purgeExpired()
          .catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
      },
      60 * 60 * 1000,
    );
    housekeeping.unref();
    app.addHook('onClose', async () => {
      clearInterval(housekeeping);
      await mailWorker.stop();
    });
  }

  return app;
}
