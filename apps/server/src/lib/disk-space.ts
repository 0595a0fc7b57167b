import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

export interface DiskUsage {
  /** Share of the usable space in use, 0-100, as `df` counts it. */
  usedPercent: number;
  freeBytes: number;
  totalBytes: number;
}

/** The usage of the filesystem that holds `dir`. */
export async function diskUsage(dir: string): Promise<DiskUsage> {
  const s = await statfs(dir);
  const used = (s.blocks - s.bfree) * s.bsize;
  const free = s.bavail * s.bsize;
  const usable = used + free;
  return {
    usedPercent: usable > 0 ? (used / usable) * 100 : 0,
    freeBytes: free,
    totalBytes: s.blocks * s.bsize,
  };
}

export interface DiskSpaceMonitorOptions {
  dir: string;
  logger: FastifyBaseLogger;
  /** Warn at or above this use, in percent; 80 unless told. */
  warnPercent?: number;
  /** How often to look; a minute unless told. */
  intervalMs?: number;
  /** While above the threshold, repeat the warning this often; 10 minutes unless told. */
  repeatMs?: number;
}

/**
 * Warns in the logs when the data folder's filesystem is at least 80 % full (the embedded
 * database stops the process when a write finds no space: better to hear about it before).
 * Checks at once, then every `intervalMs`. Returns the function that stops it.
 */
export function startDiskSpaceMonitor(options: DiskSpaceMonitorOptions): () => void {
  const warnPercent = options.warnPercent ?? 80;
  const repeatMs = options.repeatMs ?? 10 * 60_000;
  let lastWarned = 0;
  let above = false;
  const check = async () => {
    let usage: DiskUsage;
    try {
      usage = await diskUsage(options.dir);
    } catch (error) {
      options.logger.warn({ err: error, dir: options.dir }, 'disk space: could not inspect');
      return;
    }
    const fields = {
      dir: options.dir,
      usedPercent: Math.round(usage.usedPercent),
      freeMB: Math.round(usage.freeBytes / 1048576),
    };
    if (usage.usedPercent >= warnPercent) {
      if (!above || Date.now() - lastWarned >= repeatMs) {
        options.logger.warn(
          fields,
          `disk space: the data folder's filesystem is ${fields.usedPercent} % full`,
        );
        lastWarned = Date.now();
      }
      above = true;
    } else if (above) {
      above = false;
      options.logger.info(fields, 'disk space: back below the warning threshold');
    }
  };
  void check();
  const timer = setInterval(() => void check(), options.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
