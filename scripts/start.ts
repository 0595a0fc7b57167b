// `npm start`: builds the web app (React Router's framework build, apps/web/dist) when its
// build is missing or older than its sources, then runs the server (which migrates the
// database on boot and serves API and pages) on the embedded default, as a child process that
// is started again whenever it exits (supervise.ts, docs/decisions/053).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
// Where the build goes (apps/web/react-router.config.ts reads the same variable).
const distDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(webDir, 'dist');
const builtServer = path.join(distDir, 'server/index.js');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function webIsStale(): boolean {
  if (!existsSync(builtServer)) return true;
  const built = statSync(builtServer).mtimeMs;
  const sources = [
    path.join(webDir, 'src'),
    path.join(webDir, 'public'),
    path.join(webDir, 'head'),
    path.join(webDir, 'vite.config.ts'),
    path.join(webDir, 'react-router.config.ts'),
    path.join(root, 'packages/shared/src'),
  ].filter(existsSync);
  return sources.some((source) => newestMtime(source) > built);
}

if (process.env.SKIP_WEB_BUILD !== '1' && webIsStale()) {
  console.log('Building the web app...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server gets npm start's Node flags (package.json: --max-semi-space-size=16, ADR 034).
supervise({ script: path.join(root, 'apps/server/src/server.ts'), nodeArgs: process.execArgv });
