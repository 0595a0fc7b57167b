// The end-to-end stack that Playwright's `webServer` runs (`node e2e/support/stack.ts`):
// a local OpenID provider standing in for Google, a local SMTP server that keeps mails, a local
// Web Push service that keeps pushes, a small control endpoint for them, and the app itself
// started exactly as `npm start` starts it (`node scripts/start.ts`: builds apps/web when
// stale, then serves pages + API) on a fresh PGlite data directory. Before it, the run's
// operator account is made with the real `npm run admin` command (support/provision-admin.ts).
// Everything stops on SIGTERM/SIGINT or when the app exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startControlServer } from './control-server.ts';
import {
  FakeFlutterwave,
  FLUTTERWAVE_PUBLIC_KEY,
  FLUTTERWAVE_SECRET_KEY,
  FLUTTERWAVE_WEBHOOK_HASH,
} from './fake-flutterwave.ts';
import { startMailServer } from './mail-server.ts';
import { startOidcProvider } from './oidc-provider.ts';
import { provisionAdmin } from './provision-admin.ts';
import { startPushService } from './push-service.ts';
import {
  APP_PORT,
  APP_URL,
  CONTROL_PORT,
  CONTROL_URL,
  COUNTRY_TEST_HEADER,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  LOOPBACK,
  OIDC_PORT,
  PUSH_PORT,
  PUSH_SERVICE_URL,
  SERVER_LOG_FILE,
  SMTP_PORT,
} from './settings.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[e2e stack] ${message}`);

const stoppers: (() => Promise<void>)[] = [];
let app: ChildProcess | undefined;
let shuttingDown = false;

/**
 * Stops the app, then the local servers, then removes the data directory. After a signal the app
 * usually got the same signal already (Playwright signals the whole process group), so it gets a
 * moment to stop by itself before it is asked: a second SIGTERM would cut its graceful close.
 */
async function shutdown(code: number, afterSignal = false): Promise<never> {
  if (shuttingDown) return new Promise<never>(() => undefined);
  shuttingDown = true;
  if (app && app.exitCode === null && app.signalCode === null) {
    const child = app;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const timers = [
      setTimeout(() => child.kill('SIGTERM'), afterSignal ? 2_000 : 0),
      setTimeout(() => child.kill('SIGKILL'), 14_000),
    ];
    await exited;
    timers.forEach(clearTimeout);
  }
  for (const stop of stoppers.reverse()) {
    await stop().catch((error: unknown) => console.error('[e2e stack] stop failed:', error));
  }
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(0, true));
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50 };

/** A writable that calls `onLine` for each complete line written to it. */
function echoLines(onLine: (line: string) => void): Writable {
  let rest = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(onLine);
      done();
    },
    final(done) {
      if (rest) onLine(rest);
      done();
    },
  });
}

/** Echoes a log line at or above `level`; lines that are not JSON (the web build) always. */
function echo(line: string, level: number, out: NodeJS.WritableStream): void {
  let lineLevel = Infinity;
  try {
    const parsed = JSON.parse(line) as { level?: unknown };
    if (typeof parsed.level === 'number') lineLevel = parsed.level;
  } catch {
    // Not a log record: show it.
  }
  if (lineLevel >= level) out.write(`${line}\n`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'selah-e2e-'));
  stoppers.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));

  const mail = await startMailServer(LOOPBACK, SMTP_PORT);
  stoppers.push(() => mail.stop());
  const oidc = await startOidcProvider(LOOPBACK, OIDC_PORT);
  stoppers.push(() => oidc.stop());
  const push = await startPushService(LOOPBACK, PUSH_PORT);
  stoppers.push(() => push.stop());
  const control = await startControlServer(LOOPBACK, CONTROL_PORT, {
    mail,
    oidc,
    push,
    flutterwave: new FakeFlutterwave(CONTROL_URL),
  });
  stoppers.push(() => control.stop());

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The journeys run on the embedded database, with no shared state from the developer's setup.
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'JWT_SECRET',
    'WEB_DIST_DIR',
    'COUNTRY_HEADER',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    PORT: String(APP_PORT),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    APP_ORIGIN: APP_URL,
    SMTP_URL: `smtp://${LOOPBACK}:${SMTP_PORT}`,
    MAIL_FROM: 'Selah <no-reply@selah.test>',
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET,
    GOOGLE_ISSUER_URL: oidc.issuer,
    // Payments go to the control server's stand-in for Flutterwave (API and checkout script).
    FLUTTERWAVE_PUBLIC_KEY,
    FLUTTERWAVE_SECRET_KEY,
    FLUTTERWAVE_WEBHOOK_HASH,
    FLUTTERWAVE_API_URL: `${CONTROL_URL}/flutterwave`,
    FLUTTERWAVE_CHECKOUT_URL: `${CONTROL_URL}/flutterwave/v3.js`,
    // The visitor's country comes from this header (as from a CDN's CF-IPCountry): a journey
    // sends X-Test-Country: NG to see naira prices. Without it, GeoIP finds no country.
    COUNTRY_HEADER: COUNTRY_TEST_HEADER,
    // Each test sends its own X-Forwarded-For, so per-IP sign-in limits never trip across tests.
    TRUST_PROXY: LOOPBACK,
    // Everything goes to SERVER_LOG_FILE (scanned for secrets after the run); only errors are
    // echoed here, since expected failures (wrong passwords) log warnings. E2E_LOG_LEVEL=info
    // echoes more.
    LOG_LEVEL: 'info',
    // Web Push may go to the stack's local push service (loopback, self-signed certificate).
    // Test-only: the app refuses it with NODE_ENV=production.
    PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
    RATE_LIMIT_MAX: '100000',
    TZ: 'UTC',
  });

  log(
    `app ${APP_URL} | OpenID provider ${oidc.issuer} | SMTP ${LOOPBACK}:${SMTP_PORT} | push ${PUSH_SERVICE_URL} | control ${CONTROL_URL}`,
  );
  log(`data dir ${dataDir}`);
  log(`server log ${SERVER_LOG_FILE}`);
  mkdirSync(path.dirname(SERVER_LOG_FILE), { recursive: true });
  const logFile = createWriteStream(SERVER_LOG_FILE, { flags: 'w' });
  stoppers.push(() => new Promise<void>((resolve) => logFile.end(resolve)));
  log('making the operator account (npm run admin -- grant)');
  await provisionAdmin(root, env, logFile);
  app = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const echoLevel = LEVELS[process.env.E2E_LOG_LEVEL ?? 'error'] ?? 50;
  app.stdout?.pipe(logFile, { end: false });
  app.stderr?.pipe(logFile, { end: false });
  app.stdout?.pipe(echoLines((line) => echo(line, echoLevel, process.stdout)));
  app.stderr?.pipe(echoLines((line) => process.stderr.write(`${line}\n`)));
  app.on('exit', (code, signal) => {
    if (shuttingDown) return;
    log(`the app exited (${signal ?? `code ${String(code)}`}); stopping the stack`);
    void shutdown(code === 0 ? 1 : (code ?? 1));
  });
}

main().catch((error: unknown) => {
  console.error('[e2e stack] failed to start:', error);
  void shutdown(1);
});
