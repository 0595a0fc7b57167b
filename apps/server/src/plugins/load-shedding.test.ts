import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler.ts';
import { loadSheddingPlugin } from './load-shedding.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(loadSheddingPlugin, { maxEventLoopDelayMs: 200, retryAfterSeconds: 5 });
  app.get('/ok', async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and serves again after', async () => {
    expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    // Hold the loop for 1.5 s: the second's mean delay is far above 200 ms.
    const until = performance.now() + 1_500;
    while (performance.now() < until);
    // The next sample (at most a second later) sees it.
    let shed;
    for (let i = 0; i < 30 && !shed; i++) {
      const res = await app.inject({ method: 'GET', url: '/ok' });
      if (res.statusCode === 503) shed = res;
      else await sleep(50);
    }
    expect(shed?.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(shed?.headers['retry-after']).toBe('5');
    // A calm second later, requests are served again.
    let status = 0;
    for (let i = 0; i < 60 && status !== 200; i++) {
      status = (await app.inject({ method: 'GET', url: '/ok' })).statusCode;
      if (status !== 200) await sleep(50);
    }
    expect(status).toBe(200);
  });
});
