import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterCommit,
  inAmbientTransaction,
  withAmbientTransaction,
} from './ambient-transaction.ts';
import { createDb, type DbHandle } from './client.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({});
  await handle.db.execute(sql`create table ambient_probe (n int)`);
});
afterAll(async () => {
  await handle?.close();
});

const count = async () =>
  (await handle.pglite!.query<{ n: number }>('select count(*)::int as n from ambient_probe'))
    .rows[0]!.n;

describe('afterCommit', () => {
  it('runs at once outside an ambient transaction', () => {
    let ran = false;
    afterCommit(() => (ran = true));
    expect(ran).toBe(true);
  });

  it("waits for the request's commit, even from a service's own (nested) transaction", async () => {
    const services = withAmbientTransaction(handle.db);
    const seen: number[] = [];
    await inAmbientTransaction(handle.db, async () => {
      await services.transaction(async (tx) => {
        await tx.execute(sql`insert into ambient_probe values (1)`);
      });
      afterCommit(() => seen.push(1));
      expect(seen).toEqual([]); // the savepoint is released, the transaction is still open
    });
    expect(seen).toEqual([1]);
    expect(await count()).toBe(1);
  });

  it('never runs when the transaction rolls back', async () => {
    const services = withAmbientTransaction(handle.db);
    let ran = false;
    await expect(
      inAmbientTransaction(handle.db, async () => {
        await services.execute(sql`insert into ambient_probe values (2)`);
        afterCommit(() => (ran = true));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toBe(false);
    expect(await count()).toBe(1);
  });
});
