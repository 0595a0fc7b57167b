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
