import { writeSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp, loggerOptions } from './app.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { loadOrCreateJson, loadOrCreateSecret } from './config/secrets.ts';
import { createDb, DataDirLockedError } from './db/client.ts';
import type { FatalDatabaseError } from './db/pglite-guard.ts';
import { runMigrations } from './db/migrate.ts';
import { connectionLimits, limitConnections } from './lib/connection-limits.ts';
import { startDiskSpaceMonitor } from './lib/disk-space.ts';
import { createRedis, logRedisOutages } from './lib/redis.ts';
import { startWatchdog } from './lib/watchdog.ts';
import { PushService } from './modules/notifications/push.service.ts';

/**
 * The embedded database cannot go on (quality guide F5: the next statement would hang the
 * process). Says why on stderr, synchronously, and exits non-zero so that a supervisor restarts
 * the server; acknowledged writes are already on disk. The folder lock is released on exit.
 */
function exitOnFatalDatabaseError(dir: string, fatal: FatalDatabaseError): never {
  const reason = fatal.diskFull
    ? `no space left on device in the data folder ${dir}`
    : `an unrecoverable error in the data folder ${dir}`;
  const detail = fatal.error instanceof Error ? fatal.error.message : String(fatal.error);
  writeSync(
    2,
    `Selah: the embedded database stopped: ${reason} (${detail}). Exiting; ` +
      (fatal.diskFull ? 'free some space and start Selah again.\n' : 'start Selah again.\n'),
  );
  process.exit(fatal.diskFull ? 28 : 1);
}

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const pgliteDir = path.resolve(env.DATA_DIR, 'pglite');
  let db;
  try {
    db = await createDb({
      databaseUrl: env.DATABASE_URL,
      pgliteDir,
      onFatal: (fatal) => exitOnFatalDatabaseError(pgliteDir, fatal),
      poolMax: env.DB_POOL_MAX,
      acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await runMigrations(db);

  const redis = env.REDIS_URL ? createRedis(env.REDIS_URL) : undefined;
  const redisSubscriber = env.REDIS_URL ? createRedis(env.REDIS_URL) : undefined;
  const app = await buildApp({
    env,
    db,
    redis,
    redisSubscriber,
    jwtSecret: loadOrCreateSecret(env.DATA_DIR, 'jwt', env.JWT_SECRET),
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : loadOrCreateJson(env.DATA_DIR, 'vapid', () => PushService.generateKeys()),
    logger: loggerOptions(env.LOG_LEVEL),
    startWorkers: true,
    // Test-only (the end-to-end stack's local push service); loadEnv refuses it in production.
    pushAllowInsecure: env.PUSH_ALLOW_INSECURE_ENDPOINTS,
  });
  if (env.PUSH_ALLOW_INSECURE_ENDPOINTS) {
    app.log.warn(
      'PUSH_ALLOW_INSECURE_ENDPOINTS is on: Web Push endpoints are not checked (tests only)',
    );
  }
  const stopLogging = [redis, redisSubscriber].map((client, i) =>
    client ? logRedisOutages(client, app.log, i === 0 ? 'commands' : 'realtime') : () => {},
  );
  const stopDiskMonitor = startDiskSpaceMonitor({ dir: env.DATA_DIR, logger: app.log });
  // After the first start's initdb and the migrations, which may hold the loop for seconds.
  const stopWatchdog =
    env.WATCHDOG_SECONDS > 0
      ? startWatchdog({
          timeoutMs: env.WATCHDOG_SECONDS * 1000,
          dataDir: db.driver === 'pglite' ? pgliteDir : undefined,
          lockDir: db.driver === 'pglite' ? `${pgliteDir}.lock` : undefined,
        })
      : async () => {};
  // Connections held at once, per client address, and the head timeout (ADR 053): what one
  // client opens can never take the process's last file descriptors.
  const limits = connectionLimits(env);
  const stopConnectionLog = limitConnections(app.server, limits, app.log);
  if (limits.openFiles !== null && limits.maxConnections > limits.openFiles) {
    app.log.warn(
      { maxConnections: limits.maxConnections, openFiles: limits.openFiles },
      'MAX_CONNECTIONS is above the limit of open files: the process may run out of them',
    );
  }
  app.addHook('onClose', async () => {
    stopConnectionLog();
    for (const stop of stopLogging) stop();
    stopDiskMonitor();
    await stopWatchdog();
    redis?.disconnect();
    redisSubscriber?.disconnect();
    await db.close();
  });

  const grace = closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'fatal error, shutting down');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  // Under `npm start` the supervisor (scripts/supervise.ts) is the parent, over an IPC channel:
  // should it die without stopping this process first, the channel closes, and so does Selah.
  process.once('disconnect', () => {
    app.log.warn('the supervisor is gone (npm start ended): shutting down');
    void grace.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    {
      url: env.APP_ORIGIN,
      database: db.driver,
      redis: Boolean(redis),
      maxConnections: limits.maxConnections,
      maxConnectionsPerAddress: limits.perAddress,
      openFiles: limits.openFiles,
    },
    `Selah is running on ${env.APP_ORIGIN}`,
  );
  // The supervisor (npm start) counts only exits before this toward a crash loop (ADR 053).
  process.send?.({ ready: true });
}

await main();
