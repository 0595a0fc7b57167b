import { HealthSchema } from '@selah/shared/schemas/health';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serviceUnavailable } from '../lib/app-error.ts';
import { errorHandlerPlugin } from './error-handler.ts';

/** A Fastify error with status 503 (what @fastify/under-pressure threw when it shed a request). */
const underPressure = () =>
  Object.assign(new Error('Service Unavailable'), { code: 'FST_UNDER_PRESSURE', statusCode: 503 });

let app: FastifyInstance;
/** What the app logged (JSON lines), to tell a client's abort from a database outage. */
const logged: { level: number; msg: string }[] = [];
beforeAll(async () => {
  app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void logged.push(JSON.parse(line) as never) },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  // As GET /api/health does: its own body for 503 (the database is down).
  const schema = { response: { 200: HealthSchema, 503: HealthSchema } };
  app.get('/shed', { schema }, () => {
    throw underPressure();
  });
  app.get('/refused', { schema }, () => {
    throw serviceUnavailable();
  });
  app.post(
    '/echo',
    { schema: { body: z.object({ text: z.string() }) } },
    (request) => request.body,
  );
  // What fs and net throw when the process has no file descriptor left.
  app.get('/no-descriptors', () => {
    throw Object.assign(new Error('EMFILE: too many open files, open'), {
      code: 'EMFILE',
      errno: -24,
      syscall: 'open',
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

describe('the error handler', () => {
  it('answers an error as the error envelope even where the route declares another body for its status', async () => {
    // Before: the envelope failed the route's 503 schema and went out as a 500.
    for (const url of ['/shed', '/refused']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(503);
      expect(res.json(), url).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('tells a client that left in the middle of its body from a database outage', async () => {
    const { port } = app.server.address() as { port: number };
    logged.length = 0;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100\r\n\r\n{',
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });

    await expect.poll(() => logged.some((l) => /client closed/.test(l.msg))).toBe(true);
    expect(logged.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
  });

  it('answers 503 with Retry-After, not 500, when the process has no file descriptor left', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-descriptors' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
  });
});
