import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const watchdogUrl = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'watchdog.ts'),
).href;
const dir = mkdtempSync(path.join(os.tmpdir(), 'selah-watchdog-'));

/** Runs `body` in a real Node process that has started the watchdog; resolves when it ends. */
function run(options: { timeoutMs: number; lockDir?: string }, body: string) {
  const script = `
    const { startWatchdog } = await import(${JSON.stringify(watchdogUrl)});
    const stop = startWatchdog({ timeoutMs: ${options.timeoutMs}, dataDir: ${JSON.stringify(dir)},
      lockDir: ${JSON.stringify(options.lockDir)} });
    ${body}
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let blockedAt = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!blockedAt && stdout.includes('blocking')) blockedAt = Date.now();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{
    code: number | null;
    signal: string | null;
    stderr: string;
    msAfterBlock: number;
  }>((resolve) =>
    child.once('exit', (code, signal) =>
      resolve({ code, signal, stderr, msAfterBlock: blockedAt ? Date.now() - blockedAt : -1 }),
    ),
  );
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('event-loop watchdog', () => {
  it('kills a process whose event loop is stuck, says why on stderr and frees the lock', async () => {
    const lockDir = path.join(dir, 'pglite.lock');
    mkdirSync(lockDir);
    const result = await run(
      { timeoutMs: 1_000, lockDir },
      `setTimeout(() => { process.stdout.write('blocking\\n'); for (;;) {} }, 200);`,
    );
    expect(result.signal).toBe('SIGKILL');
    expect(result.stderr).toMatch(/event loop has not answered for \d+\.\d s/);
    expect(result.stderr).toContain(`The data folder ${dir} has`);
    expect(existsSync(lockDir)).toBe(false);
    // Generous for a loaded machine: the timeout is 1 s.
    expect(result.msAfterBlock).toBeGreaterThan(0);
    expect(result.msAfterBlock).toBeLessThan(10_000);
  }, 30_000);

  it('leaves a process alone while its event loop answers, and stops when told', async () => {
    const result = await run(
      { timeoutMs: 2_000 },
      `let n = 0;
       const t = setInterval(() => { for (let i = 0; i < 1e6; i++) n += i; }, 20);
       setTimeout(async () => { clearInterval(t); await stop(); }, 3_000);`,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 30_000);
});
