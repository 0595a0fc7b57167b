// A load loop in its own process: `node bench/faults/lib/hammer.ts '<json HammerConfig>'`.
// Heavy load generated inside the test process would delay the test's own timers and
// responses and be counted as server latency; here it only competes for the CPU, as a
// real client on the same machine would. Prints the records as one JSON line at the end.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RequestRecord, runLoad } from './http.ts';

export interface HammerConfig {
  url: string;
  token: string;
  concurrency: number;
  maxRequests: number;
  durationMs: number;
}

/** Runs the hammer in a child process; resolves with its records (Retry-After in `data`). */
export function hammer(config: HammerConfig): Promise<RequestRecord[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), JSON.stringify(config)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`hammer exited with ${code}`));
      try {
        resolve(JSON.parse(out) as RequestRecord[]);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = JSON.parse(process.argv[2] ?? '{}') as HammerConfig;
  const records = await runLoad({
    concurrency: config.concurrency,
    maxRequests: config.maxRequests,
    durationMs: config.durationMs,
    request: async () => {
      const response = await fetch(config.url, {
        headers: { authorization: `Bearer ${config.token}` },
        signal: AbortSignal.timeout(15_000),
      });
      return { response, data: response.headers.get('retry-after') };
    },
  });
  process.stdout.write(JSON.stringify(records));
}
