// Addresses of the end-to-end stack, shared by the Playwright config, the stack script and
// the fixtures. Fixed loopback ports (override with E2E_APP_PORT etc.) away from the usual
// development ports (3000, 5173), so a running dev server does not clash with a test run.
import os from 'node:os';
import path from 'node:path';

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    throw new Error(`${name} must be a TCP port, got "${raw}"`);
  }
  return port;
}

export const APP_PORT = portFromEnv('E2E_APP_PORT', 3100);
export const OIDC_PORT = portFromEnv('E2E_OIDC_PORT', APP_PORT + 1);
export const SMTP_PORT = portFromEnv('E2E_SMTP_PORT', APP_PORT + 2);
export const CONTROL_PORT = portFromEnv('E2E_CONTROL_PORT', APP_PORT + 3);
/** Where the stack starts the app once, before the run, to make the operator account. */
export const PROVISION_PORT = portFromEnv('E2E_PROVISION_PORT', APP_PORT + 4);
/** The local Web Push service (https: `web-push` speaks nothing else). */
export const PUSH_PORT = portFromEnv('E2E_PUSH_PORT', APP_PORT + 5);

export const LOOPBACK = '127.0.0.1';
/** The app's origin: what the browser opens and what the server puts into links. */
export const APP_URL = `http://${LOOPBACK}:${APP_PORT}`;
/** The local OpenID provider standing in for Google. */
export const OIDC_ISSUER = `http://${LOOPBACK}:${OIDC_PORT}`;
/** Test-only endpoints of the stack: received mails and pushes, OpenID provider scenarios. */
export const CONTROL_URL = `http://${LOOPBACK}:${CONTROL_PORT}`;
/**
 * The stack's stand-in for a browser vendor's push service: a journey subscribes with an
 * endpoint under it (`/push/<id>`), the app sends its real Web Push there (allowed by
 * PUSH_ALLOW_INSECURE_ENDPOINTS: loopback, self-signed certificate), and the control endpoint
 * hands the encrypted messages back (`waitForPush` in api.ts).
 */
export const PUSH_SERVICE_URL = `https://${LOOPBACK}:${PUSH_PORT}`;

export const GOOGLE_CLIENT_ID = 'selah-e2e-client';
export const GOOGLE_CLIENT_SECRET = 'selah-e2e-client-secret';

/**
 * A browser context sets this cookie on the provider's origin to pick the scenario registered
 * under its value, so parallel tests never consume each other's scenarios.
 */
export const OIDC_SCENARIO_COOKIE = 'selah_e2e_oidc_scenario';

/**
 * The run's operator: the stack registers this account and makes it an admin with
 * `npm run admin -- grant` before the journeys start (its password is the journeys' usual one).
 */
export const E2E_ADMIN = {
  firstName: 'Olu',
  lastName: 'Operator',
  email: 'operator@example.test',
} as const;

/** The header the e2e app reads the visitor's country from (COUNTRY_HEADER). */
export const COUNTRY_TEST_HEADER = 'X-Test-Country';

/**
 * The app's whole log (every level, JSON lines) for one run: the stack writes it, the
 * `server-log` teardown project scans it for secrets. E2E_SERVER_LOG moves it.
 */
export const SERVER_LOG_FILE =
  process.env.E2E_SERVER_LOG ?? path.join(os.tmpdir(), `selah-e2e-${APP_PORT}`, 'server.log');
