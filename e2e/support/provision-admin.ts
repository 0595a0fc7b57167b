// Makes the run's operator account before the journeys start. An admin can only be made with
// `npm run admin -- grant <email>` on the server's database (ADR 041), and the embedded
// database allows one process at a time: so the app is started once on a spare port, the
// account is registered through the API, the app is stopped, and the real command runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { TEST_PASSWORD } from './api.ts';
import { E2E_ADMIN, LOOPBACK, PROVISION_PORT } from './settings.ts';

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Runs a command to its end; its output goes to `log`. @throws when it fails. */
async function run(
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: NodeJS.WritableStream,
): Promise<void> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${String(code)}`);
}

/**
 * Registers E2E_ADMIN on the app configured by `env` (its DATA_DIR) and grants it the admin
 * role. The first start also builds the web app and creates the database, as `npm start` does.
 */
export async function provisionAdmin(
  root: string,
  env: NodeJS.ProcessEnv,
  log: NodeJS.WritableStream,
): Promise<void> {
  const origin = `http://${LOOPBACK}:${PROVISION_PORT}`;
  const app = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...env, PORT: String(PROVISION_PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout.pipe(log, { end: false });
  app.stderr.pipe(log, { end: false });
  const exited = once(app, 'exit');
  try {
    await waitForHealth(`${origin}/api/health`, Date.now() + 200_000);
    const response = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...E2E_ADMIN, password: TEST_PASSWORD }),
    });
    if (response.status !== 201) {
      throw new Error(`registering the operator: HTTP ${response.status} ${await response.text()}`);
    }
  } finally {
    app.kill('SIGTERM');
    await exited;
  }
  await run(
    root,
    ['apps/server/src/modules/admin/admin-cli.ts', 'grant', E2E_ADMIN.email],
    env,
    log,
  );
}
