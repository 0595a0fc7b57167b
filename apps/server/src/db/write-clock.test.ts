import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.ts';
import type { DbHandle } from './client.ts';
import { isReadStatement, WriteClock } from './write-clock.ts';

describe('isReadStatement', () => {
  it('counts plain selects as reads and everything else as a possible write', () => {
    for (const text of [
      'select 1',
      '  SELECT * from users',
      '\nselect "id", "updated_at" from "sessions"',
      'with a as (select 1) select * from a',
    ])
      expect(isReadStatement(text), text).toBe(true);
    for (const text of [
      'insert into users values (1)',
      'update "users" set x = 1',
      'delete from sessions',
      'with moved as (delete from a returning *) select * from moved',
      'WITH n AS (INSERT INTO a VALUES (1) RETURNING *) SELECT * FROM n',
      'select * from sessions for update',
      'commit',
      'begin',
      'selectx',
      undefined,
    ])
      expect(isReadStatement(text), String(text)).toBe(false);
  });
});

describe('the write clock on the real driver', () => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db.execute(sql`create table clock_probe (n int)`);
  });
  afterAll(() => handle.close());

  it('does not move for reads', async () => {
    const before = handle.writes.version;
    await handle.db.execute(sql`select count(*) from clock_probe`);
    expect(handle.writes.version).toBe(before);
  });

  it('has moved by the time a write answers', async () => {
    const before = handle.writes.version;
    await handle.db.execute(sql`insert into clock_probe values (1)`);
    expect(handle.writes.version).toBeGreaterThan(before);
  });

  it('moves when a transaction ends, after its last statement (its commit)', async () => {
    let inside = -1;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into clock_probe values (2)`);
      inside = handle.writes.version;
    });
    expect(handle.writes.version).toBeGreaterThan(inside);
  });

  it('moves for a failed write too', async () => {
    const before = handle.writes.version;
    await expect(handle.db.execute(sql`insert into no_such_table values (1)`)).rejects.toThrow();
    expect(handle.writes.version).toBeGreaterThan(before);
  });

  it('counts up from zero', () => {
    const clock = new WriteClock();
    expect(clock.version).toBe(0);
    clock.tick();
    expect(clock.version).toBe(1);
  });
});
