import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

/**
 * A private redis-server on its own port, never the shared one: tests kill it with SIGKILL and
 * start it again on the same port. No persistence (an outage loses the counters, as it would).
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  readonly port: number;

  private constructor(port: number) {
    this.port = port;
  }

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts redis-server on the same port and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('redis-server is already running');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(this.port))) {
      if (!this.child) throw new Error('redis-server exited at start (is it installed?)');
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** kill -9, then waits for the process to be gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
