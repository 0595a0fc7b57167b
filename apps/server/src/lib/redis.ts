import { Redis } from 'ioredis';

/**
 * A fail-fast Redis client: no offline queue, short timeouts, so no request ever waits on a
 * missing Redis for more than about half a second. Callers choose fail-open or a fallback.
 */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 500,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on('error', () => {
    // Reported through failing commands; reconnection is automatic.
  });
  return redis;
}

interface RedisLogger {
  warn: (fields: object, message: string) => void;
  info: (fields: object, message: string) => void;
}

/**
 * Logs a Redis connection's outages as two lines, "unavailable" and "restored", however long the
 * outage lasts and however many reconnection attempts fail (ioredis retries every 2 s). Returns
 * the function that stops it.
 */
export function logRedisOutages(redis: Redis, logger: RedisLogger, role: string): () => void {
  let down = false;
  let since = 0;
  const onError = (error: Error) => {
    if (down) return;
    down = true;
    since = Date.now();
    logger.warn(
      { role, err: { message: error.message } },
      'Redis unavailable: rate limits per process, realtime in this process only',
    );
  };
  const onClose = () => onError(new Error('connection closed'));
  const onReady = () => {
    if (!down) return;
    down = false;
    logger.info({ role, outageMs: Date.now() - since }, 'Redis connection restored');
  };
  redis.on('error', onError);
  redis.on('close', onClose);
  redis.on('ready', onReady);
  return () => {
    redis.off('error', onError);
    redis.off('close', onClose);
    redis.off('ready', onReady);
  };
}
