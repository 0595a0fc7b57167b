import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's defaults plus a smaller buffer cache. The embedded database keeps its shared buffers
 * inside the process (WebAssembly memory, never returned), and the data folder's files are in
 * the operating system's page cache anyway: 32 MB instead of PostgreSQL's 128 MB saves about
 * 100 MB of resident memory (bench/startup.ts).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
