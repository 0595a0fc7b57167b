import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from './client.ts';

const rows = (result: unknown) =>
  (result as { rows: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]);

describe('the embedded database keeps its memory small (bench/startup.ts)', () => {
  it('creates a new data folder, reopens it without initdb memory, with 32 MB of buffers', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'selah-pglite-mem-'));
    try {
      const handle = await createDb({ pgliteDir: path.join(root, 'pglite') });
      expect(rows(await handle.db.execute(sql`show shared_buffers`))[0]).toEqual({
        shared_buffers: '32MB',
      });
      await handle.db.execute(sql`create table kept (n int)`);
      await handle.db.execute(sql`insert into kept values (7)`);
      await handle.close();
      const again = await createDb({ pgliteDir: path.join(root, 'pglite') });
      expect(rows(await again.db.execute(sql`select n from kept`))).toEqual([{ n: 7 }]);
      await again.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fails the start with a clear error, and frees the folder, when initdb (its own process) fails', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'selah-pglite-initdb-'));
    try {
      const dir = path.join(root, 'pglite');
      mkdirSync(dir);
      // initdb must create global/ here: a file in its way makes it fail.
      writeFileSync(path.join(dir, 'global'), 'not a folder');
      await expect(createDb({ pgliteDir: dir })).rejects.toThrow(/^initdb for .+ stopped/);
      // The failed start let go of the folder's lock: once the folder is fixed, it starts.
      rmSync(dir, { recursive: true, force: true });
      const handle = await createDb({ pgliteDir: dir });
      await handle.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
