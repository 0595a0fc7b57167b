import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a Web Push endpoint may point: a push service on the public internet, never the server's
 * own network (no SSRF through a subscription). Checked twice: the subscription's URL when it is
 * stored, and every address its host resolves to when a push is sent (`lookupPublic`), since a
 * name can resolve elsewhere later.
 */

export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'carrier-grade NAT' | 'reserved';

type Ranges = [network: string, prefix: number, family: 'ipv4' | 'ipv6'][];

/** The special-purpose ranges (IANA registries, RFC 6890) a push service cannot be in. */
const RANGES: Record<Exclude<AddressKind, 'public'>, Ranges> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'], // unique local
  ],
  'link-local': [
    ['169.254.0.0', 16, 'ipv4'], // cloud metadata services live here
    ['fe80::', 10, 'ipv6'],
  ],
  'carrier-grade NAT': [['100.64.0.0', 10, 'ipv4']],
  reserved: [
    ['0.0.0.0', 8, 'ipv4'], // "this network"
    ['192.0.0.0', 24, 'ipv4'], // protocol assignments
    ['192.0.2.0', 24, 'ipv4'], // documentation
    ['198.18.0.0', 15, 'ipv4'], // benchmarking
    ['198.51.100.0', 24, 'ipv4'], // documentation
    ['203.0.113.0', 24, 'ipv4'], // documentation
    ['224.0.0.0', 4, 'ipv4'], // multicast
    ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
    ['::', 128, 'ipv6'], // unspecified
    ['64:ff9b:1::', 48, 'ipv6'], // local-use IPv4/IPv6 translation
    ['100::', 64, 'ipv6'], // discard
    ['2001:db8::', 32, 'ipv6'], // documentation
    ['fec0::', 10, 'ipv6'], // site-local (deprecated)
    ['ff00::', 8, 'ipv6'], // multicast
  ],
};

const BLOCKS = Object.entries(RANGES).map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return [kind as AddressKind, list] as const;
});

/** IPv4 addresses translated for IPv6-only networks (RFC 6052), judged by the IPv4 address. */
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** The IPv4 address in the last 32 bits of an IPv6 address written with hex groups. */
function lastIpv4(v6: string): string {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (dotted) return dotted[1]!;
  const [head = '', tail = ''] = v6.split('::');
  const heads = head.split(':').filter(Boolean);
  const tails = tail.split(':').filter(Boolean);
  const groups = [...heads, ...Array<string>(8 - heads.length - tails.length).fill('0'), ...tails];
  const [high = 0, low = 0] = groups.slice(6).map((g) => parseInt(g, 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * What kind of address an IP literal is. IPv4-mapped IPv6 addresses are judged by their IPv4
 * address (BlockList does this), and so are NAT64 ones (64:ff9b::/96).
 */
export function addressKind(address: string): AddressKind {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (family === 'ipv6' && NAT64.check(address, 'ipv6'))
    return addressKind(lastIpv4(address.toLowerCase()));
  for (const [kind, list] of BLOCKS) if (list.check(address, family)) return kind;
  return 'public';
}

/** Refusal of an endpoint: an https URL to a public host is needed. */
export class NonPublicEndpointError extends Error {
  readonly code = 'ENONPUBLICPUSH';
  constructor(reason: string) {
    super(reason);
    this.name = 'NonPublicEndpointError';
  }
}

const stripBrackets = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * What is wrong with where an endpoint URL points, before any name is resolved: not https, or an
 * address literal that is not public (a socket connects to a literal without a lookup). Null
 * when nothing is; names are checked when they resolve (`lookupPublic`).
 */
export function endpointTargetProblem(url: URL): string | null {
  if (url.protocol !== 'https:') return 'the endpoint is not https';
  const host = stripBrackets(url.hostname);
  if (isIP(host)) {
    const kind = addressKind(host);
    if (kind !== 'public') return `${host} is a ${kind} address`;
  }
  return null;
}

/**
 * `endpointTargetProblem`, and names that only ever mean this machine or its local network
 * (refused at once when a browser subscribes, instead of at every push).
 */
export function subscriptionEndpointProblem(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return `${host} is a local name`;
  return endpointTargetProblem(url);
}

/**
 * A `lookup` for the push agent's connections: every address the name resolves to (DNS at send
 * time, `all: true`) must be public, or the connection fails with `NonPublicEndpointError`. The
 * socket then connects to an address checked here, so a second resolution cannot differ.
 */
export const lookupPublic: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => addressKind(a.address) !== 'public');
    if (refused) {
      const kind = addressKind(refused.address);
      const reason = `${hostname} resolves to ${refused.address}, a ${kind} address`;
      return callback(new NonPublicEndpointError(reason), '', 0);
    }
    const [first] = addresses;
    if (options.all || !first) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
};
