import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp, loggerOptions } from './app.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { loadOrCreateJson, loadOrCreateSecret } from './config/secrets.ts';
import { createDb, DataDirLockedError } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { createRedis } from './lib/redis.ts';
import { PushService } from './modules/notifications/push.service.ts';

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

  let db;
  try {
    db = await createDb({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, 'pglite'),
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
  });
  app.addHook('onClose', async () => {
    redis?.disconnect();
    redisSubscriber?.disconnect();
    await db.close();
  });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'fatal error, shutting down');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { url: env.APP_ORIGIN, database: db.driver, redis: Boolean(redis) },
    `Selah is running on ${env.APP_ORIGIN}`,
  );
}

await main();
