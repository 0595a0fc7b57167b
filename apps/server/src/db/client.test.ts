import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb, DataDirLockedError } from './client.ts';
import { mailOutbox } from './schema/index.ts';
import { runMigrations } from './migrate.ts';

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
});
