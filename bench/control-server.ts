// The controls (ADR 048) in a process of their own: for each scenario a bare route answering the
// app's captured JSON, the app's own statements replayed (control (a), "app SQL"), and the
// session lookup plus one hand-written statement (control (b), "one statement"), on the same
// database as the app: PostgreSQL (DATABASE_URL) or a copy of its PGlite data (PGLITE_DIR).
// See bench/lib/control.ts.
//
//   BENCH_CONTROL_PLAN=/path/plan.json JWT_SECRET=... APP_ORIGIN=... DATABASE_URL=... \
//     PORT=... LOG_LEVEL=warn node bench/control-server.ts
import { readFileSync } from 'node:fs';
import { buildControlApp, type ControlPlan } from './lib/control.ts';
import { type ControlDb, pgControlDb, pgliteControlDb } from './lib/control-db.ts';

const plan = JSON.parse(readFileSync(process.env.BENCH_CONTROL_PLAN!, 'utf8')) as ControlPlan;
const db: ControlDb | null = process.env.DATABASE_URL
  ? pgControlDb(process.env.DATABASE_URL)
  : process.env.PGLITE_DIR
    ? await pgliteControlDb(process.env.PGLITE_DIR)
    : null;

const app = buildControlApp({
  plan,
  db,
  jwtSecret: process.env.JWT_SECRET!,
  appOrigin: process.env.APP_ORIGIN!,
  logLevel: process.env.LOG_LEVEL ?? 'warn',
});
app.addHook('onClose', async () => db?.close());

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
