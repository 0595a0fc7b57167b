// F5: the PGlite data folder on a full disk (docs/decisions/019).
// DATA_DIR is a small tmpfs (80 MB, mounted by the test: needs root, as in CI); a filler file
// leaves a few MB free, and writers edit their prayers with 5,000 random characters each until
// the embedded database cannot write. Must hold: the server exits non-zero (28) within a few
// seconds with a message naming the data folder and "no space left on device" (before this
// work, the next statement hung the process at 100 % CPU); after freeing the space it starts
// again, every acknowledged write is there, and new writes work.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdtempSync,
  openSync,
  rmdirSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpFrom, TRUST_LOCAL_PROXY } from './lib/client-address.ts';
import { authed, runLoad, type Session, tally } from './lib/http.ts';
import { type ServerProcess, startServer } from './lib/server.ts';

const WRITERS = 6;
/** Space left beside the filler file. */
const LEAVE_FREE_BYTES = 6 * 1024 * 1024;
/** The server must be gone this long after its first failed write (generous: loaded CI box). */
const EXIT_WITHIN_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mountTmpfs(dir: string): void {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=80m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `The full-disk fault needs a small tmpfs and could not mount one on ${dir} ` +
        `(run as root, as CI does): ${(error as { stderr?: Buffer }).stderr?.toString() ?? String(error)}`,
    );
  }
}

function writeFiller(file: string, bytes: number): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (let left = bytes; left > 0; left -= chunk.length) {
      writeSync(fd, chunk, 0, Math.min(chunk.length, left));
    }
  } finally {
    closeSync(fd);
  }
}

describe('PGlite data folder on a full disk', () => {
  const mount = mkdtempSync(path.join(os.tmpdir(), 'selah-full-disk-'));
  let mounted = false;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    mountTmpfs(mount);
    mounted = true;
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (mounted) execFileSync('umount', [mount]);
    rmdirSync(mount);
  });

  it('exits with a clear message instead of hanging, and keeps every acknowledged write', async () => {
    const env = { ...TRUST_LOCAL_PROXY, JWT_SECRET: 'full-disk-fault-'.padEnd(40, 'x') };
    server = await startServer({ dataDir: mount, env, readyTimeoutMs: 180_000 });
    const session: Session = await signUpFrom(server.url, 'full-disk');
    const call = authed(session);
    const journal = await call(`${server.url}/api/journals`, {
      method: 'POST',
      body: { title: 'Full disk journal' },
    });
    expect(journal.status).toBe(201);
    const journalId = ((await journal.json()) as { _id: string })._id;
    const prayers: string[] = [];
    for (let w = 0; w < WRITERS; w++) {
      const res = await call(`${server.url}/api/prayers`, {
        method: 'POST',
        body: { title: `w${w}-0`, journal: journalId },
      });
      expect(res.status).toBe(201);
      prayers.push(((await res.json()) as { _id: string })._id);
    }

    const before = statfsSync(mount);
    const fillerBytes = before.bavail * before.bsize - LEAVE_FREE_BYTES;
    const filler = path.join(mount, 'filler');
    writeFiller(filler, fillerBytes);

    // Each writer edits its own prayer, one request after the other: the last acknowledged
    // title of each prayer is known.
    const acknowledged = Array.from({ length: WRITERS }, () => 0);
    const attempted = Array.from({ length: WRITERS }, () => 0);
    const seq = Array.from({ length: WRITERS }, () => 0);
    let exitedAt = 0;
    const dying = server;
    const exit = dying.exited.then((result) => {
      exitedAt = performance.now();
      return result;
    });
    const t0 = performance.now();
    const records = await runLoad({
      concurrency: WRITERS,
      maxRequests: 100_000,
      durationMs: 180_000,
      backoffMs: 100,
      stopWhen: () => exitedAt > 0,
      request: async (_n, w) => {
        const n = ++seq[w]!;
        attempted[w] = n;
        const response = await call(`${dying.url}/api/prayers/${prayers[w]}`, {
          method: 'PUT',
          body: { title: `w${w}-${n}`, content: randomBytes(2_500).toString('hex') },
          timeoutMs: 60_000,
        });
        if (response.status === 200) acknowledged[w] = Math.max(acknowledged[w]!, n);
        return response;
      },
    });
    const loadEnd = performance.now();
    const result = await Promise.race([exit, sleep(EXIT_WITHIN_MS).then(() => null)]);
    expect(result, `the server did not exit\n${dying.output().slice(-2_000)}`).not.toBeNull();
    const firstFailure = records.find((r) => r.status !== 200);
    const firstFailureAt = t0 + (firstFailure?.start ?? loadEnd - t0);
    const output = dying.output();

    // Space back; the same folder opens again.
    rmSync(filler);
    // The same port: a token's audience is the server's origin.
    server = await startServer({ dataDir: mount, env, port: dying.port, readyTimeoutMs: 180_000 });
    const again = authed(session);
    const kept: number[] = [];
    for (let w = 0; w < WRITERS; w++) {
      const res = await again(`${server.url}/api/prayers/${prayers[w]}`);
      expect(res.status).toBe(200);
      const { title } = (await res.json()) as { title: string };
      kept.push(Number(title.split('-')[1]));
    }
    const newWrite = await again(`${server.url}/api/prayers`, {
      method: 'POST',
      body: { title: 'After the full disk', journal: journalId },
    });
    const edit = await again(`${server.url}/api/prayers/${prayers[0]}`, {
      method: 'PUT',
      body: { title: 'Edited after restart' },
    });

    console.log(
      JSON.stringify(
        {
          fault: 'F5 PGlite data folder on a full disk',
          tmpfsMB: 80,
          fillerMB: Math.round(fillerBytes / 1048576),
          writesAcknowledged: acknowledged.reduce((a, b) => a + b, 0),
          statuses: tally(records),
          secondsUntilFirstFailure: Number(((firstFailureAt - t0) / 1000).toFixed(1)),
          exit: { code: result?.code, signal: result?.signal },
          exitAfterFirstFailureMs: Math.round(exitedAt - firstFailureAt),
          message: output
            .split('\n')
            .find((line) => line.includes('embedded database stopped'))
            ?.slice(0, 300),
          restartReadyMs: Math.round(server.readyMs),
          lastAcknowledgedPerPrayer: acknowledged,
          foundAfterRestart: kept,
          lastAttemptedPerPrayer: attempted,
          newWriteStatus: newWrite.status,
          editStatus: edit.status,
        },
        null,
        2,
      ),
    );

    expect(result).toMatchObject({ code: 28, signal: null });
    expect(output).toContain(`no space left on device in the data folder ${mount}`);
    expect(exitedAt - firstFailureAt).toBeLessThan(EXIT_WITHIN_MS);
    // Every acknowledged edit is there (the one in flight at the exit may be there too).
    for (let w = 0; w < WRITERS; w++) {
      expect(kept[w]).toBeGreaterThanOrEqual(acknowledged[w]!);
      expect(kept[w]).toBeLessThanOrEqual(attempted[w]!);
    }
    expect(acknowledged.every((n) => n > 0)).toBe(true);
    expect(newWrite.status).toBe(201);
    expect(edit.status).toBe(200);
  });
});
