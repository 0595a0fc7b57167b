import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { loggerOptions } from '../../apps/server/src/app.ts';
import {
  SessionTokens,
  type SessionClaims,
} from '../../apps/server/src/modules/auth/session-token.ts';
import type { ReplayStep } from './capture.ts';
import { type ControlDb, replay } from './control-db.ts';
import { ONE_STATEMENT } from './one-statement.ts';

/** The three controls a scenario is measured against (ADR 048). */
export type ControlKind = 'bare' | 'a' | 'b';

export const CONTROL_TITLES: Record<ControlKind, string> = {
  bare: 'bare route',
  a: 'app SQL',
  b: 'one statement',
};

/** One scenario as the controls answer it, captured from the app (`profileQueries`). */
export interface ControlScenario {
  name: string;
  method: 'GET' | 'POST';
  /** The app's route, e.g. `/api/journals/:id`. */
  route: string;
  /** The app's answer to the captured request: what the bare route and control (a) send. */
  status: number;
  body: unknown;
  /** The statements the app ran for it, to replay (control (a)); null: not replayed (sign-in). */
  steps: ReplayStep[] | null;
}

export interface ControlPlan {
  scenarios: ControlScenario[];
  /** The app's session lookup, as control (b) runs it before its one statement. */
  sessionLookup: ReplayStep;
}

/** Where a control answers a scenario's request: `/{kind}/{scenario}{path}`. */
export const controlPath = (kind: ControlKind, scenario: string, path: string) =>
  `/${kind}/${scenario}${path}`;

/** Which controls a scenario has: (b) only for reads written as one statement. */
export function controlsOf(scenario: Pick<ControlScenario, 'name' | 'steps'>): ControlKind[] {
  return [
    'bare',
    ...(scenario.steps ? (['a'] as const) : []),
    ...(scenario.name in ONE_STATEMENT ? (['b'] as const) : []),
  ];
}

/**
 * The controls, a bare Fastify app with the app's logger settings and request ids, in a process
 * of its own (`bench/control-server.ts`), for every scenario of `plan`:
 *
 * - `bare`: the captured answer, serialized per request; no database;
 * - `a`, app SQL: the bearer token verified as the app does, then the statements the app ran
 *   for the captured request, replayed for this one (its user, session, URL and body), then the
 *   captured answer;
 * - `b`, one statement: the token, the app's session lookup, then one hand-written statement
 *   that builds the answer in the database (one-statement.ts), sent as it comes.
 */
export function buildControlApp(opts: {
  plan: ControlPlan;
  db: ControlDb | null;
  jwtSecret: string;
  appOrigin: string;
  logLevel?: string;
}): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(opts.logLevel ?? 'warn'),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: ['127.0.0.1'],
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
  });
  const tokens = new SessionTokens(opts.jwtSecret, opts.appOrigin);
  const claimsOf = async (request: FastifyRequest): Promise<SessionClaims | null> => {
    const header = request.headers.authorization;
    return header?.startsWith('Bearer ') ? tokens.verify(header.slice(7)) : null;
  };
  const requestValues = (request: FastifyRequest, claims: SessionClaims) => ({
    userId: claims.userId,
    sessionId: claims.sessionId,
    route: request.params as Record<string, string>,
    query: request.query as Record<string, string>,
    body: (request.body ?? {}) as Record<string, unknown>,
  });
  const unauthenticated = { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } };

  app.get('/health', async () => ({ status: 'ok' }));
  for (const s of opts.plan.scenarios) {
    const kinds = controlsOf(s);
    app.route({
      method: s.method,
      url: controlPath('bare', s.name, s.route),
      // The object is serialized on every request, as the real route does.
      handler: async (_request, reply) => reply.status(s.status).send(s.body),
    });
    const db = opts.db;
    if (!db) continue;
    if (kinds.includes('a')) {
      const steps = s.steps!;
      app.route({
        method: s.method,
        url: controlPath('a', s.name, s.route),
        handler: async (request, reply) => {
          const claims = await claimsOf(request);
          if (!claims) return reply.status(401).send(unauthenticated);
          await replay(db, steps, requestValues(request, claims));
          return reply.status(s.status).send(s.body);
        },
      });
    }
    if (kinds.includes('b')) {
      const one = ONE_STATEMENT[s.name]!;
      const statement = { text: one.text, name: `bench_b_${s.name}`, rowMode: 'array' as const };
      app.route({
        method: s.method,
        url: controlPath('b', s.name, s.route),
        handler: async (request, reply) => {
          const claims = await claimsOf(request);
          if (!claims) return reply.status(401).send(unauthenticated);
          const values = requestValues(request, claims);
          const [session] = await replay(db, [opts.plan.sessionLookup], values);
          if (!session?.length) return reply.status(401).send(unauthenticated);
          const [row] = await db.query(statement, one.params(values));
          const json = row?.[0];
          if (typeof json !== 'string')
            return reply.status(404).send({ error: { code: 'NOT_FOUND' } });
          return reply.status(200).type('application/json; charset=utf-8').send(json);
        },
      });
    }
  }
  return app;
}
