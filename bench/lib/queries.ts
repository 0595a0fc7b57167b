import type { DbHandle } from '../../apps/server/src/db/client.ts';
import type { SeedLayout } from '../../apps/server/src/db/seed.ts';
import { recordStatements, toReplay } from './capture.ts';
import type { ControlPlan, ControlScenario } from './control.ts';
import { type InProcessUser, startInProcessApp } from './in-process.ts';
import {
  type BenchUser,
  type RequestSpec,
  routeParams,
  type Scenario,
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

/**
 * Runs each scenario's request once on the real app in this process (`buildApp` on `handle`, a
 * seeded database, and `inject`), after a warm-up request (so the once-a-minute activity write is not
 * counted), recording what the database driver was asked to run (capture.ts). From that:
 * the statements per request and their `EXPLAIN` (the queries table), and the control plan:
 * each scenario's answer and its statements as the controls replay them (ADR 048).
 */
export async function profileQueries(
  handle: DbHandle,
  scenarios: Scenario[],
  layout: SeedLayout,
  pickUsers: () => { n: number; writer: number | null }[],
): Promise<{ profiles: QueryProfile[]; plan: ControlPlan }> {
  const recorder = recordStatements(handle);
  const inProcess = await startInProcessApp(handle);
  try {
    const users: (BenchUser & InProcessUser)[] = [];
    for (const u of pickUsers()) users.push({ ...u, ...(await inProcess.signIn(u.n)) });
    const me = (u: BenchUser): RequestSpec => ({
      method: 'GET',
      path: '/api/auth/me',
      headers: { authorization: `Bearer ${u.token}` },
    });
    for (const u of users) await inProcess.inject(me(u));
    const big = new Set(
      (
        await rawQuery(
          handle,
          `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= $1`,
          [BIG_TABLE_ROWS],
        )
      ).map((r) => String(r.relname)),
    );

    const record = async (spec: RequestSpec) => {
      recorder.start();
      const at = Date.now();
      const res = await inProcess.inject(spec);
      return { res, statements: recorder.stop(), at };
    };
    recorder.start();
    await inProcess.inject(me(users[0]!));
    const sessionLookup = recorder.stop().find((s) => isSessionLookup(s.text));
    if (!sessionLookup) throw new Error('the session lookup was not captured');

    const profiles: QueryProfile[] = [];
    const controls: ControlScenario[] = [];
    for (const scenario of scenarios) {
      const eligible = users.filter((u) => scenario.by === 'anyone' || u.writer !== null);
      const user = eligible[Math.floor(Math.random() * eligible.length)]!;
      const spec = scenario.request(user, layout);
      // Warm-up: the same request for reads, another random one for writes and logins.
      await inProcess.inject(scenario.kind === 'read' ? spec : scenario.request(user, layout));
      const { res, statements, at } = await record(spec);
      const texts = statements.map((s) => s.text);
      const session = texts.filter(isSessionLookup).length;
      let queriesSmallPage: number | null = null;
      if (scenario.pageParam) {
        const small = await record(withPageSize(spec, scenario.pageParam, 5));
        queriesSmallPage =
          small.statements.length - small.statements.filter((s) => isSessionLookup(s.text)).length;
      }
      const plans: PlannedStatement[] = [];
      for (const statement of statements) {
        if (!explainable(statement.text)) continue;
        const rows = await rawQuery(handle, `explain ${statement.text}`, statement.params);
        const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
        const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)]
          .map((m) => m[1]!)
          .filter((table) => big.has(table));
        plans.push({ sql: statement.text, plan, seqScans: [...new Set(seqScans)] });
      }
      profiles.push({
        scenario: scenario.name,
        status: res.statusCode,
        statements: texts,
        session,
        queries: statements.length - session,
        queriesSmallPage,
        plans,
      });
      const url = new URL(spec.path, 'http://x');
      controls.push({
        name: scenario.name,
        method: scenario.method,
        route: scenario.route,
        status: res.statusCode,
        body: res.body ? JSON.parse(res.body) : null,
        steps:
          scenario.kind === 'login'
            ? null
            : toReplay(statements, {
                userId: user.id,
                sessionId: user.sessionId,
                route: routeParams(scenario.route, spec.path),
                query: Object.fromEntries(url.searchParams),
                body: spec.body ? (JSON.parse(spec.body) as Record<string, unknown>) : {},
                at,
              }),
      });
    }
    const [lookupStep] = toReplay([sessionLookup], {
      userId: users[0]!.id,
      sessionId: users[0]!.sessionId,
      route: {},
      query: {},
      body: {},
      at: Date.now(),
    });
    return { profiles, plan: { scenarios: controls, sessionLookup: lookupStep! } };
  } finally {
    recorder.release();
    await inProcess.close();
  }
}
