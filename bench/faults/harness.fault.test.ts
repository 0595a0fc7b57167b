// The harness itself, on each database: the real server starts, a user signs up over HTTP, a
// bounded load loop records every request, and SIGTERM stops the server cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './lib/env.ts';
import { authed, runLoad, signUp, tally } from './lib/http.ts';
import { createDatabase, type FreshDatabase } from './lib/postgres.ts';
import { type ServerProcess, startServer, tempDir } from './lib/server.ts';

for (const variant of DATABASES) {
  describe.runIf(variant.enabled)(`fault harness on ${variant.name}`, () => {
    const data = tempDir('harness');
    let database: FreshDatabase | undefined;
    let server: ServerProcess;

    beforeAll(async () => {
      if (variant.adminUrl) database = await createDatabase(variant.adminUrl);
      server = await startServer({ dataDir: data.dir, databaseUrl: database?.url });
    });
    afterAll(async () => {
      await server?.stop('SIGKILL');
      await database?.drop();
      data.remove();
    });

    it('starts the server, signs up a user, records a bounded load, and stops on SIGTERM', async () => {
      const session = await signUp(server.url);
      const call = authed(session);
      const records = await runLoad({
        concurrency: 4,
        maxRequests: 40,
        durationMs: 20_000,
        request: () => call(`${server.url}/api/journals/get`),
      });
      expect(records).toHaveLength(40);
      expect(tally(records)).toEqual({ 200: 40 });
      expect(records.every((r) => r.end >= r.start && r.latencyMs >= 0)).toBe(true);

      const exit = await server.stop('SIGTERM', 20_000);
      expect(exit, server.output()).toMatchObject({ code: 0, signal: null });
      const after = await runLoad({
        concurrency: 1,
        maxRequests: 1,
        durationMs: 5_000,
        request: () => fetch(`${server.url}/api/health`),
      });
      expect(after[0]).toMatchObject({ status: 0, error: 'ECONNREFUSED' });
    });
  });
}
