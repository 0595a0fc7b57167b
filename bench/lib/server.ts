import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { PreparedDb } from './database.ts';
import { type Child, startNode } from './processes.ts';

/**
 * Starts Selah on a prepared database the way production runs it (`NODE_ENV=production`, its own
 * process), tuned only so the load is what is measured: warnings-only logs, no global rate
 * limit, 127.0.0.1 trusted as a proxy so each sign-in can come from its own X-Forwarded-For
 * address, no Redis and no SMTP.
 */
export function startBenchServer(opts: {
  /** A seeded database; without one the server starts on an empty PGlite in a temp folder. */
  prepared?: PreparedDb;
  /** A name for this server's temp data folder and log file. */
  label: string;
  outDir: string;
  /** The server's remembered reads (ADR 035); on unless told, as `npm start` runs. */
  readCache?: 'on' | 'off';
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
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      READ_CACHE: opts.readCache ?? 'on',
      DATA_DIR: path.join(os.tmpdir(), `selah-bench-data-${opts.label}`),
      ...opts.prepared?.serverEnv,
    },
    readyPath: '/api/health',
    logFile: path.join(opts.outDir, `${opts.label}-server.log`),
  });
}
