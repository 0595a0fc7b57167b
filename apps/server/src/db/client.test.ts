import fs, { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../../test/test-db.ts';
import { createDb, DataDirLockedError } from './client.ts';
import { mailOutbox } from './schema/index.ts';
import { runMigrations } from './migrate.ts';
import { PREPARED_PER_CONNECTION, preparedStatementName } from './prepared-statements.ts';

describe('createDb (embedded PGlite)', () => {
  it('keeps data across a restart and refuses a second process on the same folder', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'selah-pglite-'));
    const dir = path.join(root, 'pglite');
    try {
      const first = await createDb({ pgliteDir: dir });
      await runMigrations(first);
      await first.db.execute(
        sql`insert into mail_outbox ("to", subject, text) values ('a@b.co', 'kept', 'x')`,
      );
      await expect(createDb({ pgliteDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(createDb({ pgliteDir: dir })).rejects.toThrow(
        /already using the embedded database/,
      );
      await first.close();

      const reopened = await createDb({ pgliteDir: dir });
      await runMigrations(reopened); // idempotent
      const rows = await reopened.db.select({ subject: mailOutbox.subject }).from(mailOutbox);
      expect(rows.map((r) => r.subject)).toEqual(['kept']);
      await reopened.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  it("keeps PostgreSQL's durability: fsync on, and a commit is on the disk before it returns", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'selah-pglite-'));
    const handle = await createDb({ pgliteDir: path.join(root, 'pglite') });
    const synced: string[] = [];
    try {
      const show = async (name: string) => {
        const result: unknown = await handle.db.execute(sql.raw(`show ${name}`));
        return (result as { rows: Record<string, string>[] }).rows[0]?.[name];
      };
      expect(await show('fsync')).toBe('on');
      expect(await show('synchronous_commit')).toBe('on');
      expect(await show('full_page_writes')).toBe('on');
      await handle.db.execute(sql`create table durable_probe (id int)`);

      // What PostgreSQL's fsync() calls become: fdatasync(2) on a file (fsync(2) on a
      // directory), seen here by the file's path.
      for (const call of ['fsyncSync', 'fdatasyncSync'] as const) {
        const sync = fs[call];
        vi.spyOn(fs, call).mockImplementation((fd) => {
          synced.push(readlinkSync(`/proc/self/fd/${fd}`));
          sync(fd);
        });
      }
      await handle.db.execute(sql`insert into durable_probe values (1)`);
      expect(synced.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
    } finally {
      vi.restoreAllMocks();
      await handle.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('createDb (PostgreSQL)', () => {
  it('runs statements without JIT compilation, under the statement timeout', async () => {
    const handle = await createTestDb();
    try {
      const show = async (name: string) => {
        const result: unknown = await handle.db.execute(sql.raw(`show ${name}`));
        return (result as { rows: Record<string, string>[] }).rows[0]?.[name];
      };
      expect(await show('jit')).toBe('off');
      expect(await show('statement_timeout')).toBe('5s');
    } finally {
      await handle.close();
    }
  });

  it('prepares statements with parameters once per connection, a bounded number of them', async () => {
    const handle = await createTestDb({ poolMax: 1 });
    try {
      const prepared = async () => {
        const result: unknown = await handle.db.execute(
          sql.raw(`select name from pg_prepared_statements where name like 'selah_%'`),
        );
        return (result as { rows: { name: string }[] }).rows.map((r) => r.name);
      };
      const read = (n: number) =>
        handle.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(sql`${mailOutbox.subject} = ${`s${n}`} and ${n} = ${n}`);
      const text = read(1).toSQL().sql;
      expect(await prepared()).toEqual([]);
      for (let i = 0; i < 3; i++) await read(1);
      expect(await prepared()).toEqual([preparedStatementName(text)]);

      // A statement that fails to parse is not kept, and its text fails the same way again.
      const broken = sql`select nothing_here from mail_outbox where subject = ${'x'}`;
      for (let i = 0; i < 2; i++) {
        await expect(handle.db.execute(broken)).rejects.toThrow(/nothing_here/);
      }
      // A transaction that rolls back leaves its prepared statements usable.
      await handle.db
        .transaction(async (tx) => {
          await tx
            .select()
            .from(mailOutbox)
            .where(sql`${mailOutbox.to} = ${'rolled@back.co'}`);
          throw new Error('roll back');
        })
        .catch(() => {});
      await handle.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} = ${'rolled@back.co'}`);

      // Beyond the bound, new texts run unnamed and still answer.
      const many = Array.from({ length: PREPARED_PER_CONNECTION + 5 }, (_, i) => i);
      for (const i of many) {
        const rows: unknown = await handle.db.execute(
          sql`select ${i}::int + ${sql.raw(String(i))} as n`,
        );
        expect((rows as { rows: { n: number }[] }).rows[0]?.n).toBe(2 * i);
      }
      const result: unknown = await handle.db.execute(sql`select ${41}::int + ${1}::int as n`);
      expect((result as { rows: { n: number }[] }).rows[0]?.n).toBe(42);
      expect((await prepared()).length).toBe(PREPARED_PER_CONNECTION);
    } finally {
      await handle.close();
    }
  });
});
