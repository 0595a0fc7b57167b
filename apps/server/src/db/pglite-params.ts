import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's defaults with PostgreSQL's durability kept, plus a smaller buffer cache.
 *
 * - No `-F`: PGlite starts PostgreSQL with fsync off by default, so an operating-system crash or
 *   a power cut could lose acknowledged writes or leave a corrupt folder. With fsync on, a
 *   commit returns once its WAL is on the disk (ADR 043).
 * - `wal_sync_method=fsync`: PostgreSQL's default on Linux, `fdatasync`, is a no-op in PGlite's
 *   WebAssembly build (Emscripten answers it without calling the system), while `fsync` reaches
 *   the file system through pglite-durable-fs.ts.
 * - `shared_buffers=32MB`: the embedded database keeps its shared buffers inside the process
 *   (WebAssembly memory, never returned), and the data folder's files are in the operating
 *   system's page cache anyway: 32 MB instead of PostgreSQL's 128 MB saves about 100 MB of
 *   resident memory (bench/startup.ts).
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'shared_buffers=32MB',
];
