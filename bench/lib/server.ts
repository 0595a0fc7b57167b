import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { PreparedDb } from './database.ts';
import { BENCH_APP_ORIGIN } from './in-process.ts';
import { type Child, startNode } from './processes.ts';

/**
 * Starts Selah on a prepared database the way production runs it (`NODE_ENV=production`, its own
 * process), tuned only so the load is what is measured: warnings-only logs, no global rate
 * limit, 127.0.0.1 trusted as a proxy so each sign-in can come from its own X-Forwarded-For
 * address, no Redis and no SMTP. Its session tokens are signed with `jwtSecret` under
 * BENCH_APP_ORIGIN, so the controls verify them as it does.
 */
export function startBenchServer(opts: {
  /** A seeded database; without one the server starts on an empty PGlite in a temp folder. */
  prepared?: PreparedDb;
  /** A name for this server's temp data folder and log file. */
  label: string;
  outDir: string;
  /** The key its session tokens are signed with (random unless given). */
  jwtSecret?: string;
}): Promise<Child> {
  return startNode({
    script: 'apps/server/src/server.ts',
    // The V8 flags `npm start` runs the server with (package.json; ADR 034).
    nodeArgs: ['--max-semi-space-size=16'],
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      TRUST_PROXY: '127.0.0.1',
      JWT_SECRET: opts.jwtSecret ?? randomBytes(32).toString('hex'),
      APP_ORIGIN: BENCH_APP_ORIGIN,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // Reads go to the database: ADR 035's remembered reads are being removed (issue 19 §3);
      // without them this variable is unknown and ignored.
      READ_CACHE: 'off',
      DATA_DIR: path.join(os.tmpdir(), `selah-bench-data-${opts.label}`),
      ...opts.prepared?.serverEnv,
    },
    readyPath: '/api/health',
    logFile: path.join(opts.outDir, `${opts.label}-server.log`),
  });
}
