// How many connections the server holds open, and for how long a client may take to send its
// request's head (docs/decisions/053, "Connections"). Every open connection is a file
// descriptor; when the process runs out of them, nothing that opens a file or a socket works any
// more (the embedded database, static files, the database pool). So the server holds at most
// `maxConnections` at a time, well below the process's limit of open files; one client address
// holds at most `perAddress` of them; and a connection that has not sent its request's head
// within HEADERS_TIMEOUT_MS is closed. Extra connections are closed as soon as they are accepted.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** A request's head (request line and headers) must arrive within this (Node's default: 60 s). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for connections past HEADERS_TIMEOUT_MS (its default: 30 s). */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;
/** Descriptors kept for everything else: the embedded database's files, the pool, logs. */
export const RESERVED_FILES = 1_024;
/** The limit of open files assumed where the real one cannot be read (not Linux). */
export const ASSUMED_OPEN_FILES = 4_096;
/** The default cap per client address (never more than a quarter of all connections). */
export const DEFAULT_PER_ADDRESS = 256;
/** Refused connections are logged together, at most once in this long. */
const REFUSAL_LOG_INTERVAL_MS = 10_000;

/**
 * The soft limit of open files of this process ("Max open files" in /proc/self/limits; Node
 * raises its soft limit to the hard one at start), or null where it cannot be read.
 */
export function openFilesLimit(limits?: string): number | null {
  let text = limits;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const match = /^Max open files\s+(\S+)/m.exec(text);
  if (!match) return null;
  // "unlimited" is still bounded by the kernel's nr_open (1,048,576 by default).
  if (match[1] === 'unlimited') return 1_048_576;
  const soft = Number(match[1]);
  return Number.isInteger(soft) && soft > 0 ? soft : null;
}

/**
 * The default number of connections for a limit of `openFiles`: RESERVED_FILES and the pool
 * kept aside (at most half the limit), then half of the rest, as a connection may hold a second
 * descriptor while it is sent a file.
 */
export function defaultMaxConnections(openFiles: number | null, poolMax: number): number {
  const limit = openFiles ?? ASSUMED_OPEN_FILES;
  const reserve = Math.min(Math.floor(limit / 2), RESERVED_FILES + poolMax);
  return Math.max(16, Math.floor((limit - reserve) / 2));
}

export interface ConnectionLimits {
  /** Connections the server holds at once (Node's `server.maxConnections`). */
  maxConnections: number;
  /** Connections one client address (IPv6: one /64) holds at once; 0: no such cap. */
  perAddress: number;
  /** Addresses and CIDRs (TRUST_PROXY) the per-address cap does not apply to. */
  proxies: string[];
  /** The process's limit of open files, when known (for the log). */
  openFiles: number | null;
}

/** The limits for this configuration (MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, TRUST_PROXY). */
export function connectionLimits(
  env: {
    MAX_CONNECTIONS?: number | undefined;
    MAX_CONNECTIONS_PER_ADDRESS?: number | undefined;
    DB_POOL_MAX: number;
    trustProxy: string[];
  },
  openFiles: number | null = openFilesLimit(),
): ConnectionLimits {
  const maxConnections = env.MAX_CONNECTIONS ?? defaultMaxConnections(openFiles, env.DB_POOL_MAX);
  const perAddress =
    env.MAX_CONNECTIONS_PER_ADDRESS ??
    Math.min(DEFAULT_PER_ADDRESS, Math.max(1, Math.floor(maxConnections / 4)));
  return { maxConnections, perAddress, proxies: env.trustProxy, openFiles };
}

/** An IPv4-mapped IPv6 address (::ffff:192.0.2.1) as the IPv4 address it is. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : address;
}

/**
 * What one client is, for the per-address cap: an IPv4 address, or the /64 an IPv6 address is
 * in (one host or home network gets a whole /64, so single IPv6 addresses cost it nothing).
 */
export function addressKey(address: string): string {
  const plain = unmapped(address).split('%')[0]!;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail] = plain.split('::');
  const groups = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all =
    tail === undefined
      ? front
      : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function proxyList(proxies: string[]): BlockList {
  const list = new BlockList();
  for (const entry of proxies) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * Puts `limits` on `server` (before it listens): Node's `maxConnections` (it closes a socket
 * accepted beyond it), the per-address cap, and the head timeout. Refusals are logged, summed
 * up, at most once every 10 s. Returns what stops the logging (on close).
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  log: FastifyBaseLogger,
): () => void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // Read when the server starts listening (Node's setupConnectionsTracking; not in @types/node).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    CONNECTIONS_CHECK_INTERVAL_MS;

  let full = 0;
  // Per address, for the first 100 addresses of each summary (its memory stays bounded).
  const overAddress = new Map<string, number>();
  let overOtherAddresses = 0;
  let logTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    logTimer = undefined;
    if (full === 0 && overAddress.size === 0) return;
    log.warn(
      {
        event: 'connections_refused',
        serverFull: full,
        perAddress: Object.fromEntries(overAddress),
        ...(overOtherAddresses > 0 ? { otherAddresses: overOtherAddresses } : {}),
        maxConnections: limits.maxConnections,
        maxPerAddress: limits.perAddress,
      },
      'refused connections beyond the limits (MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS)',
    );
    full = 0;
    overAddress.clear();
    overOtherAddresses = 0;
  };
  const refused = (key?: string) => {
    if (key === undefined) full += 1;
    else if (overAddress.has(key) || overAddress.size < 100)
      overAddress.set(key, (overAddress.get(key) ?? 0) + 1);
    else overOtherAddresses += 1;
    logTimer ??= setTimeout(flush, REFUSAL_LOG_INTERVAL_MS).unref();
  };
  server.on('drop', () => refused());
  // Once listening, the server's 'error' is a failed accept (EMFILE, ENFILE: no descriptor left
  // for the new connection, which libuv then closes): without a listener, an uncaught error
  // that would end the process. The connection is lost; the server goes on.
  server.once('listening', () => {
    server.on('error', (error) => log.warn({ err: error }, 'could not accept a connection'));
  });

  if (limits.perAddress > 0) {
    const proxies = proxyList(limits.proxies);
    const held = new Map<string, number>();
    // After the HTTP server's own 'connection' listener: destroying the socket there is the
    // same as the client going away.
    server.on('connection', (socket) => {
      const address = socket.remoteAddress;
      if (!address) return;
      const plain = unmapped(address);
      if (proxies.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6')) return;
      const key = addressKey(plain);
      const count = held.get(key) ?? 0;
      if (count >= limits.perAddress) {
        refused(key);
        socket.destroy();
        return;
      }
      held.set(key, count + 1);
      socket.once('close', () => {
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      });
    });
  }

  return () => {
    clearTimeout(logTimer);
    flush();
  };
}
