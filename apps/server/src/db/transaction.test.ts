import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { afterCommit, transaction } from './transaction.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({});
  await handle.db.execute(sql`create table transaction_probe (n int)`);
});
afterAll(async () => {
  await handle?.close();
});

const count = async () =>
  (await handle.pglite!.query<{ n: number }>('select count(*)::int as n from transaction_probe'))
    .rows[0]!.n;

describe('transaction and afterCommit', () => {
  it('runs after-commit work at once outside a transaction', () => {
    let ran = false;
    afterCommit(handle.db, () => (ran = true));
    expect(ran).toBe(true);
  });

  it("waits for the outermost commit, even from a callee's savepoint", async () => {
    const seen: number[] = [];
    await transaction(handle.db, async (tx) => {
      await transaction(tx, async (savepoint) => {
        await savepoint.execute(sql`insert into transaction_probe values (1)`);
        afterCommit(savepoint, () => seen.push(1));
      });
      afterCommit(tx, () => seen.push(2));
      expect(seen).toEqual([]); // the savepoint is released, the transaction is still open
    });
    expect(seen).toEqual([1, 2]);
    expect(await count()).toBe(1);
  });

  it('never runs after-commit work when the transaction rolls back', async () => {
    let ran = false;
    await expect(
      transaction(handle.db, async (tx) => {
        await transaction(tx, async (savepoint) => {
          await savepoint.execute(sql`insert into transaction_probe values (2)`);
          afterCommit(savepoint, () => (ran = true));
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toBe(false);
    expect(await count()).toBe(1);
  });

  it("drops a rolled-back savepoint's work and keeps the caller's", async () => {
    const seen: string[] = [];
    await transaction(handle.db, async (tx) => {
      afterCommit(tx, () => seen.push('caller'));
      await expect(
        transaction(tx, async (savepoint) => {
          await savepoint.execute(sql`insert into transaction_probe values (3)`);
          afterCommit(savepoint, () => seen.push('savepoint'));
          throw new Error('savepoint fails');
        }),
      ).rejects.toThrow('savepoint fails');
    });
    expect(seen).toEqual(['caller']);
    expect(await count()).toBe(1);
  });
});
