// `npm start`'s supervisor (docs/decisions/053): runs the server as a child process and starts it
// again whenever it exits, whatever the reason (the watchdog's kill, a crash, out of memory,
// kill -9), unless npm start itself was asked to stop. Each exit is logged with its reason: the
// exit code or signal, and the last words the server wrote (the watchdog's or the database's
// message). Restarts wait 1 s, then 2, 4, 8, 16 and at most 30 s while the server keeps dying
// within a minute of its start. The server says when it is ready (listening, over the IPC
// channel): a server that exits before it was ready five times in a row cannot start (a crash
// loop), and npm start stops (exit code 1) with a message rather than spin. A server that was
// ready and then died (something it was sent, memory) is always started again: what others
// send must not be able to stop Selah for good. Exit code 28 (the data folder's disk is full,
// server.ts) is not restarted: nothing changes until someone frees space, so npm start exits
// 28 too.
import { type ChildProcess, spawn } from 'node:child_process';

/** The first wait before a restart; it doubles while the server keeps dying young. */
export const FIRST_RESTART_DELAY_MS = 1_000;
/** The longest wait before a restart. */
export const MAX_RESTART_DELAY_MS = 30_000;
/** A run at least this long resets the count of quick exits (and the wait). */
export const STABLE_RUN_MS = 60_000;
/** This many exits in a row, each before the server was ready, is a crash loop. */
export const CRASH_LOOP_EXITS = 5;
/** The server's exit code when the embedded database found the disk full (server.ts). */
export const DISK_FULL_EXIT_CODE = 28;
/** How long a stopping server may take (its own grace is 10 s) before it is killed. */
const STOP_TIMEOUT_MS = 15_000;

const say = (message: string) => process.stderr.write(`Selah supervisor: ${message}\n`);

/** Keeps the last few non-empty lines written to a stream (what a dying process said last). */
class LastLines {
  private lines: string[] = [];
  private partial = '';
  private readonly keep: number;
  constructor(keep: number) {
    this.keep = keep;
  }
  write(chunk: string): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) if (line.trim()) this.lines.push(line.trim().slice(0, 1_000));
    this.lines = this.lines.slice(-this.keep);
  }
  take(): string[] {
    const lines = [...this.lines, ...(this.partial.trim() ? [this.partial.trim()] : [])];
    this.lines = [];
    this.partial = '';
    return lines;
  }
}

/** The message of a pino line at error level or above (the server's JSON logs), else null. */
function errorLogMessage(line: string): string | null {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
    if ((entry.level ?? 0) < 50) return null;
    return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
  } catch {
    return null;
  }
}

export interface SuperviseOptions {
  /** The server's entry (apps/server/src/server.ts). */
  script: string;
  /** Node's flags for it (npm start passes its own, e.g. --max-semi-space-size=16). */
  nodeArgs: string[];
}

/**
 * Runs `script` under supervision until npm start is stopped (SIGTERM, SIGINT, SIGHUP: the
 * server gets SIGTERM and its graceful close; npm start then exits 0 if the server did), the
 * server crash-loops (exit 1) or the disk is full (exit 28). Never returns.
 */
export function supervise(options: SuperviseOptions): void {
  let child: ChildProcess | null = null;
  let startedAt = 0;
  let quickExits = 0;
  /** Exits in a row of servers that never said they were ready. */
  let unreadyExits = 0;
  let ready = false;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const stderrTail = new LastLines(3);
  const stdoutTail = new LastLines(20);

  const start = () => {
    // Its own process group: a terminal's Ctrl-C (or a group signal) reaches npm start alone,
    // which passes one SIGTERM on (a second one would cut the server's graceful close). The IPC
    // channel lets the server see npm start die (server.ts closes when it disconnects).
    const server = spawn(process.execPath, [...options.nodeArgs, options.script], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    child = server;
    startedAt = performance.now();
    ready = false;
    server.on('message', (message) => {
      if ((message as { ready?: unknown } | null)?.ready === true) ready = true;
    });
    server.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      stdoutTail.write(chunk.toString('utf8'));
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderrTail.write(chunk.toString('utf8'));
    });
    say(`started the server (pid ${server.pid})`);
    let ended = false;
    const onEnd = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (ended) return;
      ended = true;
      child = null;
      exited(code, signal, error);
    };
    server.once('exit', (code, signal) => {
      // The output pipes may still hold its last words, and the IPC channel its "ready": read
      // them to their end first (within a second: a process it started may hold them open).
      let open = 3;
      const done = () => --open === 0 && onEnd(code, signal);
      for (const stream of [server.stdout!, server.stderr!]) {
        if (stream.readableEnded || stream.destroyed) done();
        else stream.once('close', done);
      }
      if (server.connected) server.once('disconnect', done);
      else done();
      setTimeout(() => onEnd(code, signal), 1_000).unref();
    });
    server.once('error', (error) => onEnd(null, null, error));
  };

  const exited = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
    const how = error
      ? `could not be started (${error.message})`
      : signal
        ? `was killed by ${signal}`
        : `exited with code ${code}`;
    const lastWords = stderrTail.take();
    const logged = stdoutTail
      .take()
      .map(errorLogMessage)
      .filter((message): message is string => Boolean(message));
    const why = [...lastWords, ...logged.slice(-1)].join(' / ');
    say(`the server ${how}${why ? `; it said: ${why}` : ''}`);
    if (stopping) {
      say(code === 0 ? 'stopped' : 'stopped, but the server did not close cleanly');
      process.exit(code === 0 ? 0 : 1);
    }
    if (code === DISK_FULL_EXIT_CODE) {
      say(
        'the disk of the data folder is full: not restarting it. Free some space, then start Selah again.',
      );
      process.exit(DISK_FULL_EXIT_CODE);
    }
    quickExits = performance.now() - startedAt >= STABLE_RUN_MS ? 1 : quickExits + 1;
    unreadyExits = ready ? 0 : unreadyExits + 1;
    if (unreadyExits >= CRASH_LOOP_EXITS) {
      say(
        `the server stopped ${unreadyExits} times in a row before it was ready: a crash loop. ` +
          'Not starting it again; see its messages above.',
      );
      process.exit(1);
    }
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickExits - 1));
    say(`starting it again in ${delay / 1000} s${ready ? ' (it had been ready)' : ''}`);
    restartTimer = setTimeout(start, delay);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (!stopping) say(`${signal}: stopping the server`);
    stopping = true;
    clearTimeout(restartTimer);
    const running = child;
    if (!running) process.exit(0);
    // A second signal is passed on too: the server then exits at once (close-with-grace).
    running.kill('SIGTERM');
    setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);

  start();
}
