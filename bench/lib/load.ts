import autocannon, { type RawRequest } from 'autocannon';
import type { RequestSpec } from './scenarios.ts';

export interface LoadResult {
  /** Completed requests per second over the measured window (any status). */
  rps: number;
  /** 2xx responses per second. */
  okPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx responses plus connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  requests: number;
  seconds: number;
}

/** One step of a journey; `context` is the connection's, kept from its first step to its last. */
export type JourneyStep = (context: Record<string, unknown>) => RequestSpec;

/**
 * Runs autocannon against `baseUrl` for `seconds`, every request freshly drawn from `next`
 * (random users and ids), or each connection walking `journey` again and again (a virtual user
 * per walk, mix.ts); `rewritePath` maps each request's path (a control's route).
 */
export async function runLoad(opts: {
  baseUrl: string;
  seconds: number;
  connections: number;
  next?: () => RequestSpec;
  journey?: JourneyStep[];
  rewritePath?: (spec: RequestSpec) => string;
  /** A fixed rate in requests per second; unset means as fast as the connections go. */
  rate?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.baseUrl,
    connections: opts.connections,
    pipelining: 1,
    duration: opts.seconds,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    timeout: 30,
    requests: (opts.journey ?? [() => opts.next!()]).map((step) => ({
      setupRequest: (request: RawRequest, context: Record<string, unknown>): RawRequest => {
        const spec = step(context);
        return {
          ...request,
          method: spec.method,
          path: opts.rewritePath ? opts.rewritePath(spec) : spec.path,
          headers: spec.headers,
          ...(spec.body === undefined ? { body: undefined } : { body: spec.body }),
        };
      },
    })),
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = Number(count);
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    rps: total / result.duration,
    okPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.non2xx + result.errors,
    statusCodes,
    requests: total,
    seconds: result.duration,
  };
}
