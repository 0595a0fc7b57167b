import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateRedis } from '../../test/private-redis.ts';
import { type RealtimeEvent, RealtimeHub } from '../modules/notifications/realtime-hub.ts';
import { AppError } from './app-error.ts';
import { Limiter } from './rate-limiter.ts';
import { createRedis, logRedisOutages } from './redis.ts';

/** Records what was logged, by level. */
function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, message: String(args.find((a) => typeof a === 'string') ?? '') });
    };
  const logger = {
    warn: at('warn'),
    info: at('info'),
    error: at('error'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    child: () => logger,
    level: 'info',
  };
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `fn` and returns how long it took, with its error if it threw. */
async function timed(fn: () => Promise<unknown>): Promise<{ ms: number; error?: unknown }> {
  const start = performance.now();
  try {
    await fn();
    return { ms: performance.now() - start };
  } catch (error) {
    return { ms: performance.now() - start, error };
  }
}

describe('Redis stopped and restarted (private redis-server)', () => {
  let server: PrivateRedis;
  const clients: Redis[] = [];
  const client = () => {
    const redis = createRedis(server.url);
    clients.push(redis);
    return redis;
  };

  beforeAll(async () => {
    server = await PrivateRedis.start();
  });

  afterAll(async () => {
    for (const redis of clients) redis.disconnect();
    await server.kill();
  });

  it('keeps limiting sign-in attempts in-process while Redis is down, without waiting on it', async () => {
    const redis = client();
    await waitFor(() => redis.status === 'ready', 5_000);
    const { logger, lines } = recordingLogger();
    const stopLogging = logRedisOutages(redis, logger, 'commands');
    const limiter = new Limiter({ name: 'outage-test', points: 3, durationSeconds: 600 });
    const shared = new Limiter({ name: 'outage-test', points: 3, durationSeconds: 600 }, redis);

    await shared.consume('alice');
    expect(await redis.get('rl:outage-test:alice')).toBe('1');

    await server.kill();
    await waitFor(() => redis.status !== 'ready', 5_000);
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await timed(() => shared.consume('alice')));
    // Three more in this process's own count, then the fourth is refused.
    expect(attempts.slice(0, 3).map((a) => a.error)).toEqual([undefined, undefined, undefined]);
    expect(attempts[3]!.error).toBeInstanceOf(AppError);
    expect((attempts[3]!.error as AppError).code).toBe('RATE_LIMITED');
    expect(Math.max(...attempts.map((a) => a.ms))).toBeLessThan(1_000);
    const check = await timed(() => shared.check('alice'));
    expect((check.error as AppError).code).toBe('RATE_LIMITED');
    expect(check.ms).toBeLessThan(1_000);
    // The in-process limiter alone (no Redis at all) behaves the same.
    for (let i = 0; i < 3; i++) await limiter.consume('bob');
    await expect(limiter.consume('bob')).rejects.toMatchObject({ code: 'RATE_LIMITED' });

    await server.restart();
    await waitFor(() => redis.status === 'ready', 10_000);
    await shared.consume('carol');
    expect(await redis.get('rl:outage-test:carol')).toBe('1');
    stopLogging();
    // However many reconnection attempts failed: one line down, one line back.
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[0]!.message).toMatch(/Redis unavailable/);
    expect(lines[1]!.message).toMatch(/restored/);
  }, 60_000);

  it('delivers to local streams during the outage and across processes again after it', async () => {
    const { logger } = recordingLogger();
    const one = new RealtimeHub({ publisher: client(), subscriber: client(), logger });
    const two = new RealtimeHub({ publisher: client(), subscriber: client(), logger });
    await waitFor(() => clients.every((c) => c.status === 'ready'), 5_000);
    const received: RealtimeEvent[] = [];
    one.subscribe('u1', (event) => received.push(event));
    const event = (n: number): RealtimeEvent => ({
      kind: 'notification',
      notificationId: `n${n}`,
      eventId: `e${n}`,
    });

    // Cross-process through Redis, once the subscription is in place.
    let n = 0;
    await waitFor(async () => {
      await two.publish('u1', event(++n));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return received.length > 0;
    }, 5_000);
    // A process's own event arrives exactly once (locally, not again through Redis).
    received.length = 0;
    await one.publish('u1', event(100));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((e) => (e.kind === 'notification' ? e.eventId : ''))).toEqual(['e100']);

    await server.kill();
    await waitFor(() => clients.every((c) => c.status !== 'ready'), 5_000);
    received.length = 0;
    const local = await timed(() => one.publish('u1', event(200)));
    expect(local.error).toBeUndefined();
    expect(local.ms).toBeLessThan(1_000);
    expect(received).toHaveLength(1);
    const remote = await timed(() => two.publish('u1', event(201)));
    expect(remote.error).toBeUndefined();
    expect(remote.ms).toBeLessThan(1_000);

    await server.restart();
    received.length = 0;
    // The subscriber reconnects and subscribes again by itself.
    await waitFor(async () => {
      await two.publish('u1', event(++n));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return received.length > 0;
    }, 15_000);
    await one.close();
    await two.close();
  }, 60_000);
});
