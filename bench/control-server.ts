// The control: a bare Fastify app with one route per scenario that answers the JSON body the
// real route answered (captured once), with the app's logger settings and request ids. What
// the real route costs beyond this is the app's own work: auth, validation, queries, logic.
//
//   BENCH_BODIES=/path/bodies.json PORT=... LOG_LEVEL=warn node bench/control-server.ts
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { loggerOptions } from '../apps/server/src/app.ts';

export interface CapturedBody {
  method: 'GET' | 'POST';
  status: number;
  body: unknown;
}

const bodies = JSON.parse(readFileSync(process.env.BENCH_BODIES!, 'utf8')) as Record<
  string,
  CapturedBody
>;

const app = Fastify({
  logger: loggerOptions(process.env.LOG_LEVEL ?? 'warn'),
  genReqId: () => randomUUID(),
  requestIdHeader: false,
  trustProxy: ['127.0.0.1'],
  bodyLimit: 1024 * 1024,
  routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
});

app.get('/health', async () => ({ status: 'ok' }));
for (const [name, captured] of Object.entries(bodies)) {
  app.route({
    method: captured.method,
    url: `/control/${name}`,
    // The object is serialized on every request, as the real route does.
    handler: async (_request, reply) => reply.status(captured.status).send(captured.body),
  });
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
