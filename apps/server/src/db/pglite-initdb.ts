// Creates a new PGlite data folder (initdb) in a process of its own, for db/client.ts:
//   node pglite-initdb.ts <dataDir>
// initdb grows the instance's WebAssembly memory to about 450 MB, which a live instance never
// gives back, and neither does a worker thread's exit: run in the server's process, the first
// start stayed at 520-630 MB. A process returns all of it when it exits, so the server then opens
// the folder as on a restart (about 390 MB, bench/startup.ts).
// The new folder is synced to the disk before the process exits, as initdb does (ADR 043).
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, syncPath, syncTree } from './pglite-durable-fs.ts';
import { PGLITE_START_PARAMS } from './pglite-params.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb.ts <dataDir>');
const instance = new PGlite({ fs: new DurableNodeFS(dataDir), startParams: PGLITE_START_PARAMS });
await instance.waitReady;
await instance.close();
syncTree(dataDir);
syncPath(path.dirname(path.resolve(dataDir)));
