// `npm run admin -- grant <email> | revoke <email> | list`: manages admins on the configured
// database (DATABASE_URL, else the embedded one in DATA_DIR, which the server must not be
// using at the same time: PGlite allows one process per data folder).
import path from 'node:path';
import { loadEnv } from '../../config/env.ts';
import { createDb } from '../../db/client.ts';
import { runAdminCommand } from './admin-roles.ts';

const env = loadEnv();
const handle = await createDb({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'pglite'),
});
try {
  const { code, lines } = await runAdminCommand(handle.db, process.argv.slice(2));
  (code === 0 ? console.log : console.error)(lines.join('\n'));
  process.exitCode = code;
} finally {
  await handle.close();
}
