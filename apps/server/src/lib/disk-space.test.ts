import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { diskUsage, startDiskSpaceMonitor } from './disk-space.ts';

describe('disk space', () => {
  it('reads the use of a folder’s filesystem as df does', async () => {
    const usage = await diskUsage(os.tmpdir());
    // df -P prints the use percentage rounded up; allow for files written in between.
    const df = execFileSync('df', ['-P', os.tmpdir()]).toString().trim().split('\n')[1]!;
    const dfPercent = Number(/(\d+)%/.exec(df)![1]);
    expect(Math.abs(Math.ceil(usage.usedPercent) - dfPercent)).toBeLessThanOrEqual(2);
    expect(usage.totalBytes).toBeGreaterThan(0);
    expect(usage.freeBytes).toBeLessThanOrEqual(usage.totalBytes);
  });

  it('warns at the threshold once, not on every check', async () => {
    const warnings: unknown[][] = [];
    const logger = {
      warn: (...args: unknown[]) => warnings.push(args),
      info: () => {},
    } as unknown as FastifyBaseLogger;
    const usedPercent = (await diskUsage(os.tmpdir())).usedPercent;
    const stop = startDiskSpaceMonitor({
      dir: os.tmpdir(),
      logger,
      warnPercent: Math.max(0, Math.floor(usedPercent) - 1),
      intervalMs: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toMatch(/disk space: the data folder's filesystem is \d+ % full/);

    const quiet: unknown[] = [];
    const stopQuiet = startDiskSpaceMonitor({
      dir: os.tmpdir(),
      logger: { warn: (...a: unknown[]) => quiet.push(a), info: () => {} } as never,
      warnPercent: 101,
      intervalMs: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    stopQuiet();
    expect(quiet).toEqual([]);
  });
});
