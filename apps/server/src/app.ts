import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { knownTimeZoneNames } from './db/time-zones.ts';
import { useKnownTimeZones } from './lib/time-zone.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import {
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  cspReportRoutes,
} from './modules/csp-reports/csp-reports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { journalExportRoutes } from './modules/exports/journal-export.routes.ts';
import { journalsRoutes } from './modules/journals/journals.routes.ts';
import { billingRoutes, billingWebhookRoutes } from './modules/billing/billing.routes.ts';
import { prayersRoutes } from './modules/prayers/prayers.routes.ts';
import { digestRoutes } from './modules/practice/digest.routes.ts';
import { practiceRoutes } from './modules/practice/practice.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { friendsRoutes, searchRoutes } from './modules/friends/friends.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { prayerRequestsRoutes } from './modules/prayer-requests/prayer-requests.routes.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { pushRoutes } from './modules/notifications/push.routes.ts';
import { accountRoutes, avatarRoutes } from './modules/account/account.routes.ts';
import { PushService, type VapidKeys } from './modules/notifications/push.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { errorSerializer } from './lib/log-serializers.ts';
import { bulkheadPlugin } from './plugins/bulkhead.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { paymentOrigins, securityPlugin } from './plugins/security.ts';
import { pagesPlugin } from './plugins/pages.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping } from './housekeeping.ts';
import { createServices, type Services } from './services.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(path.join(here, '../package.json'), 'utf8')) as { version: string }
).version;
/** The web app (apps/web), and where its build goes unless WEB_DIST_DIR says otherwise. */
const WEB_ROOT = path.resolve(here, '../../web');
export const DEFAULT_WEB_DIST = path.join(WEB_ROOT, 'dist');

export interface BuildAppOptions {
  env: Env;
  db: DbHandle;
  jwtSecret: string;
  redis?: Redis | undefined;
  /** A second Redis connection for realtime pub/sub (required for fan-out across processes). */
  redisSubscriber?: Redis | undefined;
  /** VAPID keys for Web Push (server.ts keeps them in DATA_DIR). */
  vapid?: VapidKeys;
  /** Tests only: accept http and loopback Web Push endpoints. */
  pushAllowInsecure?: boolean;
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
      err: errorSerializer,
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
    services: Services;
  }
}

/** Builds the whole app (API + pages) without listening: server.ts listens, tests inject. */
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
  const webDist = env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  await app.register(errorHandlerPlugin, {
    accountExists: async (userId) => (await app.services.users.findById(userId)) !== null,
  });
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, {
    https,
    payments:
      env.FLUTTERWAVE_PUBLIC_KEY && env.FLUTTERWAVE_SECRET_KEY
        ? paymentOrigins(env.FLUTTERWAVE_CHECKOUT_URL)
        : undefined,
    reportUrl: `${env.APP_ORIGIN}${CSP_REPORT_PATH}`,
    reportGroup: CSP_REPORT_GROUP,
  });
  await app.register(loadSheddingPlugin, {
    // In tests the embedded database runs in this process and a loaded CI machine can stall the
    // loop for a second; shedding load there would only make tests flaky.
    maxEventLoopDelayMs: env.NODE_ENV === 'test' ? 0 : 1_000,
    retryAfterSeconds: 5,
  });
  // Expensive routes together may hold all but 3 of the pool's connections (decision 018).
  await app.register(bulkheadPlugin, { total: Math.max(2, (db.pool?.options.max ?? 10) - 3) });
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

  await app.register(swaggerPlugin, {
    version: VERSION,
    serve: env.NODE_ENV !== 'production',
  });

  // The zones the API accepts and reads are the ones this database knows too (ADR 054).
  useKnownTimeZones(await knownTimeZoneNames(db.db));

  const services = createServices({
    env,
    db,
    jwtSecret: opts.jwtSecret,
    redis: opts.redis,
    redisSubscriber: opts.redisSubscriber,
    vapid: opts.vapid ?? PushService.generateKeys(),
    pushAllowInsecure: opts.pushAllowInsecure ?? false,
    logger: app.log,
    now: opts.now ?? (() => new Date()),
  });
  app.decorate('services', services);
  const { auth, journals, prayers, stats, mailWorker } = services;

  await app.register(authPlugin, { auth, secureCookies: https });
  await app.register(idempotencyPlugin, {
    db: db.db,
    now: opts.now ?? (() => new Date()),
    purge: opts.startWorkers ?? false,
  });

  // Modules
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: db.ping, version: VERSION });
      await api.register(cspReportRoutes);
      await api.register(authRoutes, {
        prefix: '/auth',
        auth,
        appOrigin: env.APP_ORIGIN,
        secureCookies: https,
      });
      await api.register(journalsRoutes, { prefix: '/journals', journals });
      await api.register(journalExportRoutes, {
        prefix: '/journals',
        exports: services.journalExports,
      });
      await api.register(prayersRoutes, { prefix: '/prayers', prayers });
      await api.register(digestRoutes, { prefix: '/pray', digest: services.digest });
      await api.register(statsRoutes, { prefix: '/stats', stats });
      await api.register(practiceRoutes, { prefix: '/pray', practice: services.practice });
      await api.register(sharingRoutes, { sharing: services.sharing });
      await api.register(friendsRoutes, { prefix: '/friends', friends: services.friends });
      await api.register(searchRoutes, { prefix: '/search', friends: services.friends });
      await api.register(prayerRequestsRoutes, {
        prefix: '/prayer-requests',
        requests: services.prayerRequests,
      });
      await api.register(groupsRoutes, { prefix: '/prayer-groups', groups: services.groups });
      await api.register(notificationsRoutes, {
        prefix: '/notifications',
        notifications: services.notifications,
        users: services.users,
        streams: services.streams,
      });
      await api.register(pushRoutes, { prefix: '/push', push: services.push });
      await api.register(billingRoutes, {
        prefix: '/subscription',
        plans: services.plans,
        payments: services.payments,
      });
      await api.register(billingWebhookRoutes, {
        prefix: '/subscription',
        payments: services.payments,
      });
      await api.register(adminRoutes, { prefix: '/admin', payments: services.payments });
      await api.register(accountRoutes, { prefix: '/users/me', account: services.account });
      await api.register(avatarRoutes, { prefix: '/avatars', account: services.account });
    },
    { prefix: '/api' },
  );

  // The web app's pages, after the API (docs/decisions/045).
  await app.register(pagesPlugin, {
    distDir: webDist,
    devRoot: env.WEB_DEV_SERVER === 'on' ? WEB_ROOT : undefined,
    secureCookies: https,
    services,
  });

  // Streams are long-lived: end them when shutdown begins (preClose), instead of waiting for
  // the clients; onClose runs only after every open request has finished (sigterm fault).
  app.addHook('preClose', async () => {
    services.streams.closeAll();
  });
  app.addHook('onClose', async () => {
    await services.hub.close();
  });

  if (opts.startWorkers) {
    mailWorker.start();
    services.digestScheduler.start();
    const housekeeping = setInterval(
      () => void runHousekeeping(services, app.log),
      HOUSEKEEPING_INTERVAL_MS,
    );
    housekeeping.unref();
    app.addHook('onClose', async () => {
      clearInterval(housekeeping);
      await Promise.all([mailWorker.stop(), services.digestScheduler.stop()]);
    });
  }

  return app;
}
