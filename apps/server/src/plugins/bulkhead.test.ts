import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type BulkheadOptions, bulkheadPlugin } from './bulkhead.ts';
import { errorHandlerPlugin } from './error-handler.ts';

/** A handler that runs until the test lets it go (or makes it fail). */
function gate() {
  const waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    wait: () =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
      }),
    get count() {
      return waiting.length;
    },
    releaseAll: () => waiting.splice(0).forEach((w) => w.resolve()),
    failAll: () => waiting.splice(0).forEach((w) => w.reject(new Error('boom'))),
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe('bulkhead plugin (per-route concurrency caps)', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
  });

  async function build(
    options: BulkheadOptions,
    routes: { url: string; max?: number; g: ReturnType<typeof gate> }[],
  ) {
    app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(bulkheadPlugin, options);
    for (const { url, max, g } of routes) {
      app.get(url, max === undefined ? {} : { config: { bulkhead: max } }, async () => {
        await g.wait();
        return { ok: true };
      });
    }
    await app.ready();
  }

  it('answers 503 with Retry-After when no slot frees within the wait, and frees slots afterwards', async () => {
    const slow = gate();
    await build({ total: 10, queueTimeoutMs: 100 }, [{ url: '/slow', max: 2, g: slow }]);
    const first = [app.inject('/slow'), app.inject('/slow')];
    await until(() => slow.count === 2);

    const started = performance.now();
    const shed = await app.inject('/slow');
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(slow.count).toBe(2); // the shed request never reached the handler

    slow.releaseAll();
    expect((await Promise.all(first)).map((r) => r.statusCode)).toEqual([200, 200]);
    const after = app.inject('/slow');
    await until(() => slow.count === 1);
    slow.releaseAll();
    expect((await after).statusCode).toBe(200);
  });

  it('lets a waiting request through when a slot frees in time', async () => {
    const slow = gate();
    await build({ total: 10, queueTimeoutMs: 10_000 }, [{ url: '/slow', max: 1, g: slow }]);
    const first = app.inject('/slow');
    await until(() => slow.count === 1);
    const second = app.inject('/slow');
    await new Promise((r) => setTimeout(r, 50));
    expect(slow.count).toBe(1); // still waiting for the slot
    slow.releaseAll();
    await until(() => slow.count === 1); // the second request got it
    slow.releaseAll();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
  });

  it('frees the slot when the handler fails', async () => {
    const slow = gate();
    await build({ total: 10 }, [{ url: '/slow', max: 1, g: slow }]);
    const failing = app.inject('/slow');
    await until(() => slow.count === 1);
    slow.failAll();
    expect((await failing).statusCode).toBe(500);
    const next = app.inject('/slow');
    await until(() => slow.count === 1);
    slow.releaseAll();
    expect((await next).statusCode).toBe(200);
  });

  it('caps all capped routes together at `total` and leaves uncapped routes alone', async () => {
    const a = gate();
    const b = gate();
    const free = gate();
    await build({ total: 3, queueTimeoutMs: 50 }, [
      { url: '/a', max: 2, g: a },
      { url: '/b', max: 2, g: b },
      { url: '/free', g: free },
    ]);
    const running = [app.inject('/a'), app.inject('/a'), app.inject('/b')];
    await until(() => a.count === 2 && b.count === 1);
    // /b is under its own cap (1 of 2) but the total (3) is reached.
    expect((await app.inject('/b')).statusCode).toBe(503);
    const uncapped = Array.from({ length: 5 }, () => app.inject('/free'));
    await until(() => free.count === 5);
    free.releaseAll();
    expect((await Promise.all(uncapped)).every((r) => r.statusCode === 200)).toBe(true);
    a.releaseAll();
    b.releaseAll();
    expect((await Promise.all(running)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('sheds at once, before the route onRequest hooks (authentication), when the queue is full', async () => {
    const slow = gate();
    let authentications = 0;
    app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(bulkheadPlugin, { total: 10, queueTimeoutMs: 10_000, queuePerSlot: 1 });
    await app.register(async (scope) => {
      scope.addHook('onRequest', async () => {
        authentications++;
      });
      scope.get('/slow', { config: { bulkhead: 1 } }, async () => {
        await slow.wait();
        return { ok: true };
      });
    });
    await app.ready();
    const first = app.inject('/slow');
    await until(() => slow.count === 1);
    const waiting = app.inject('/slow'); // the one place in the queue
    await until(() => authentications === 2);
    const started = performance.now();
    const shed = await Promise.all([app.inject('/slow'), app.inject('/slow')]);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(shed.map((r) => r.statusCode)).toEqual([503, 503]);
    expect(authentications).toBe(2);
    slow.releaseAll();
    await until(() => slow.count === 1);
    slow.releaseAll();
    expect((await first).statusCode).toBe(200);
    expect((await waiting).statusCode).toBe(200);
  });

  it('refuses a cap that is not a positive integer', async () => {
    app = Fastify();
    await app.register(bulkheadPlugin, { total: 5 });
    expect(() => app.get('/x', { config: { bulkhead: 0 } }, async () => ({}))).toThrow(
      /bulkhead must be a positive integer/,
    );
  });
});
