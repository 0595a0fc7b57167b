import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import type { DbHandle } from '../../apps/server/src/db/client.ts';
import { SEED_PASSWORD } from '../../apps/server/src/db/seed.ts';
import type { PreparedDb } from './database.ts';
import {
  type BenchUser,
  type RequestSpec,
  type Scenario,
  type ScenarioContext,
  withPageSize,
} from './scenarios.ts';

export interface PlannedStatement {
  sql: string;
  plan: string;
  /** Big tables (>= BIG_TABLE_ROWS rows) the plan reads with a sequential scan. */
  seqScans: string[];
}

export interface QueryProfile {
  scenario: string;
  status: number;
  /** Every statement one request ran, in order. */
  statements: string[];
  /** Statements that were the session lookup (the bearer token's session and user). */
  session: number;
  /** Statements besides the session lookup: the figure the target applies to. */
  queries: number;
  /** The same with a page size of 5 (list routes with a page-size parameter). */
  queriesSmallPage: number | null;
  plans: PlannedStatement[];
}

/** Tables at least this big must not be read by sequential scan on the hot paths. */
export const BIG_TABLE_ROWS = 10_000;

const isSessionLookup = (statement: string) => /from "sessions"/i.test(statement);
const explainable = (statement: string) =>
  /^\s*(select|insert|update|delete|with)\b/i.test(statement);

async function rawQuery(handle: DbHandle, text: string, params: unknown[]) {
  if (handle.pglite) return (await handle.pglite.query<Record<string, unknown>>(text, params)).rows;
  return (await handle.pool!.query<Record<string, unknown>>(text, params)).rows;
}

async function signIn(app: FastifyInstance, n: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.250.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`,
    payload: { email: `seed${n}@example.test`, password: SEED_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login of seed${n} failed: ${res.body}`);
  return res.json<{ token: string }>().token;
}

const inject = (app: FastifyInstance, spec: RequestSpec) =>
  app.inject({
    method: spec.method,
    url: spec.path,
    headers: spec.headers,
    remoteAddress: '127.0.0.1',
    ...(spec.body === undefined ? {} : { payload: spec.body }),
  });

/**
 * Counts the SQL statements each scenario's request runs, in-process: the real app (buildApp)
 * on the seeded database with Drizzle's query logger, one request by `inject` after a warm-up
 * request (so the once-a-minute activity write is not counted). Also EXPLAINs each statement.
 */
export async function profileQueries(
  prepared: PreparedDb,
  scenarios: Scenario[],
  makeContext: (users: BenchUser[]) => ScenarioContext,
  pickUsers: () => { n: number; writer: number | null }[],
): Promise<QueryProfile[]> {
  let recording: string[] | null = null;
  let recordingParams: unknown[][] = [];
  const handle = await prepared.open((statement, params) => {
    if (!recording) return;
    recording.push(statement);
    recordingParams.push(params);
  });
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: path.join(os.tmpdir(), 'selah-bench-inprocess'),
    APP_ORIGIN: 'http://127.0.0.1:3000',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'selah-bench-no-web'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
    // What a read costs the database when it is not remembered (ADR 035).
    READ_CACHE: 'off',
  });
  const app = await buildApp({
    env,
    db: handle,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    startWorkers: false,
  });
  await app.ready();
  // E-mail delivery is background work (the outbox worker), not the request's: the mail a
  // request queues is counted (its insert), the worker's polling and sending are not.
  await app.services.mailWorker.stop();
  try {
    const users: BenchUser[] = [];
    for (const u of pickUsers()) users.push({ ...u, token: await signIn(app, u.n) });
    for (const u of users)
      await inject(app, {
        method: 'GET',
        path: '/api/auth/me',
        headers: { authorization: `Bearer ${u.token}` },
      });
    const ctx = makeContext(users);
    const big = new Set(
      (
        await rawQuery(
          handle,
          `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= $1`,
          [BIG_TABLE_ROWS],
        )
      ).map((r) => String(r.relname)),
    );

    const count = async (spec: RequestSpec) => {
      recording = [];
      recordingParams = [];
      const res = await inject(app, spec);
      const statements = recording;
      const params = recordingParams;
      recording = null;
      return { res, statements, params };
    };

    const profiles: QueryProfile[] = [];
    for (const scenario of scenarios) {
      const spec = scenario.next(ctx);
      // Warm-up: the same request for reads, another random one for writes and logins.
      await inject(app, scenario.kind === 'read' ? spec : scenario.next(ctx));
      const { res, statements, params } = await count(spec);
      const session = statements.filter(isSessionLookup).length;
      let queriesSmallPage: number | null = null;
      if (scenario.pageParam) {
        const small = await count(withPageSize(spec, scenario.pageParam, 5));
        queriesSmallPage =
          small.statements.length - small.statements.filter(isSessionLookup).length;
      }
      const plans: PlannedStatement[] = [];
      for (const [i, statement] of statements.entries()) {
        if (!explainable(statement)) continue;
        const rows = await rawQuery(handle, `explain ${statement}`, params[i]!);
        const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
        const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)]
          .map((m) => m[1]!)
          .filter((table) => big.has(table));
        plans.push({ sql: statement, plan, seqScans: [...new Set(seqScans)] });
      }
      profiles.push({
        scenario: scenario.name,
        status: res.statusCode,
        statements,
        session,
        queries: statements.length - session,
        queriesSmallPage,
        plans,
      });
    }
    return profiles;
  } finally {
    await app.close();
    await handle.close();
  }
}
