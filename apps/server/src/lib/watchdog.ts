import { Worker } from 'node:worker_threads';

export interface WatchdogOptions {
  /** How long the event loop may stay silent before the process is killed. */
  timeoutMs: number;
  /** Named in the message, with its free space (the embedded database's folder). */
  dataDir?: string | undefined;
  /** A lock folder to remove before the kill, so that a restart can take it at once. */
  lockDir?: string | undefined;
  /** How often the event loop beats; 250 ms unless told. */
  beatMs?: number;
}

// The watchdog runs in its own thread: when the main thread is stuck in synchronous code (the
// embedded database spinning after a failed write), no timer, signal handler or exit hook of the
// main thread runs any more. The worker writes with fs.writeSync (no stream to flush) and ends
// the process with SIGKILL: process.exit in a worker ends only the worker. The source works as
// a CommonJS or an ES module (process.getBuiltinModule), whichever way Node evaluates it.
const WORKER_SOURCE = `
const { workerData } = process.getBuiltinModule('node:worker_threads');
const fs = process.getBuiltinModule('node:fs');
const { beats, timeoutMs, beatMs, dataDir, lockDir } = workerData;
const timer = setInterval(() => {
  const silentMs = Date.now() - Number(Atomics.load(beats, 0));
  if (silentMs < timeoutMs) return;
  clearInterval(timer);
  let disk = '';
  if (dataDir) {
    try {
      const s = fs.statfsSync(dataDir);
      const free = Number(s.bavail) * Number(s.bsize);
      disk = ' The data folder ' + dataDir + ' has ' + (free / 1048576).toFixed(1) + ' MB free' +
        (free < 64 * 1048576 ? ' (it may have run out of space: no space left on device).' : '.');
    } catch (error) {
      disk = ' The data folder ' + dataDir + ' could not be inspected: ' + error.message + '.';
    }
  }
  try {
    fs.writeSync(2, 'Selah watchdog: the event loop has not answered for ' +
      (silentMs / 1000).toFixed(1) + ' s; killing the process so that a supervisor restarts it.' +
      disk + '\\n');
  } catch {}
  if (lockDir) {
    try { fs.rmSync(lockDir, { recursive: true, force: true }); } catch {}
  }
  process.kill(process.pid, 'SIGKILL');
}, Math.min(beatMs, timeoutMs / 4));
`;

/**
 * Kills the process when its event loop stops answering for `timeoutMs` (a blocked loop cannot
 * kill itself). Returns the function that stops the watchdog.
 */
export function startWatchdog(options: WatchdogOptions): () => Promise<void> {
  const beatMs = options.beatMs ?? 250;
  const beats = new BigInt64Array(new SharedArrayBuffer(8));
  const beat = () => Atomics.store(beats, 0, BigInt(Date.now()));
  beat();
  const interval = setInterval(beat, beatMs);
  interval.unref();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      beats,
      timeoutMs: options.timeoutMs,
      beatMs,
      dataDir: options.dataDir,
      lockDir: options.lockDir,
    },
  });
  worker.unref();
  return async () => {
    clearInterval(interval);
    await worker.terminate();
  };
}
