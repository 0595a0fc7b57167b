import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FatalDatabaseError, fatalDatabaseError, guardPglite } from './pglite-guard.ts';

// What PGlite raised on an 80 MB tmpfs when the WAL could not grow (quality guide F5).
const enospc = () =>
  Object.assign(
    new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'),
    { code: '53100', severity: 'PANIC' },
  );

describe('fatalDatabaseError', () => {
  it('knows a full disk and a PANIC from an ordinary error', () => {
    expect(fatalDatabaseError(enospc())).toMatchObject({ diskFull: true });
    expect(fatalDatabaseError({ code: 'XX000', severity: 'PANIC', message: 'x' })).toMatchObject({
      diskFull: false,
    });
    expect(fatalDatabaseError({ code: '23505', severity: 'ERROR', message: 'dup' })).toBeNull();
    expect(fatalDatabaseError(new Error('timeout'))).toBeNull();
  });
});

describe('guardPglite on a real PGlite', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('runs queries, exec and transactions as PGlite would, ordinary errors included', async () => {
    const fatal: FatalDatabaseError[] = [];
    const db = guardPglite(pglite, (f) => fatal.push(f));
    await db.exec('create table t (id int primary key)');
    await Promise.all([1, 2, 3].map((id) => db.query('insert into t values ($1)', [id])));
    await expect(db.query('insert into t values (1)')).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (4)');
        await tx.query('insert into t values (4)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const rows = await db.transaction(async (tx) => (await tx.query('select id from t')).rows);
    expect(rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(fatal).toEqual([]);
  });
});

describe('guardPglite after a full disk', () => {
  /** A stand-in that fails its first statement like a full disk and records what reaches it. */
  function failingClient() {
    const reached: string[] = [];
    let calls = 0;
    const query = async (sql: string) => {
      reached.push(sql);
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (calls++ === 0) throw enospc();
      return { rows: [] };
    };
    const client = {
      query,
      exec: query,
      transaction: async (cb: (tx: { query: typeof query }) => Promise<unknown>) => cb({ query }),
    };
    return { client: client as unknown as PGlite, reached };
  }

  it('reports the first fatal error before any other statement reaches PGlite', async () => {
    const { client, reached } = failingClient();
    const fatal: { diskFull: boolean; reachedSoFar: number }[] = [];
    const db = guardPglite(client, (f) =>
      fatal.push({ diskFull: f.diskFull, reachedSoFar: reached.length }),
    );
    const results = await Promise.allSettled([
      db.query('insert 1'),
      db.query('insert 2'),
      db.exec('insert 3'),
      db.transaction((tx) => tx.query('insert 4')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(fatal).toEqual([{ diskFull: true, reachedSoFar: 1 }]);
    // Nothing after the failing statement reached PGlite (the next one would hang the process).
    expect(reached).toEqual(['insert 1']);
    await expect(db.query('select 1')).rejects.toMatchObject({ code: '53100' });
    expect(reached).toEqual(['insert 1']);
  });

  it('stops inside a transaction too', async () => {
    const { client, reached } = failingClient();
    const fatal: FatalDatabaseError[] = [];
    const db = guardPglite(client, (f) => fatal.push(f));
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert a').catch(() => {});
        await tx.query('insert b');
      }),
    ).rejects.toMatchObject({ code: '53100' });
    expect(fatal).toHaveLength(1);
    expect(reached).toEqual(['insert a']);
  });
});
