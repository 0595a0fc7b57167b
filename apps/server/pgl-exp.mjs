import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
const mode = process.argv[2];
let syncs = 0;
class DurableNodeFS extends NodeFS {
  async init(pg, opts) {
    const r = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...r.emscriptenOpts,
        preRun: [
          (m) => {
            m.NODEFS.stream_ops.fsync = (stream) => {
              syncs++;
              m.NODEFS.tryFSOperation(() =>
                (mode === 'data' ? fs.fdatasyncSync : fs.fsyncSync)(stream.nfd),
              );
              return 0;
            };
          },
          ...r.emscriptenOpts.preRun,
        ],
      },
    };
  }
}
const dir = '/tmp/pgl-exp-' + mode;
const params = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=' + (process.argv[3] ?? 'fsync'),
];
let t0 = Date.now();
const db = new PGlite({ fs: new DurableNodeFS(dir), startParams: params });
await db.waitReady;
console.log('ready', Date.now() - t0, 'ms syncs', syncs);
console.log((await db.query('show wal_sync_method')).rows, (await db.query('show fsync')).rows);
await db.query('create table if not exists t (id serial primary key, v text)');
syncs = 0;
t0 = performance.now();
const N = 500;
for (let i = 0; i < N; i++) await db.query('insert into t (v) values ($1)', ['x' + i]);
const ms = performance.now() - t0;
console.log(mode, process.argv[3], ((N / ms) * 1000).toFixed(0), 'writes/s', 'syncs', syncs);
await db.close();
