import { BlockList, isIPv4 } from 'node:net';
import type { ClientInfo } from '../../lib/client-info.ts';

/** Codes proxies use for "no country": Cloudflare's XX (unknown) and T1 (Tor), ZZ (unknown). */
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ', 'EU', 'AP', 'A1', 'A2', 'O1']);

type Lookup = (ip: string) => string | null;
let geoip: Promise<Lookup> | undefined;

/**
 * The offline GeoIP table (geoip-country: MaxMind GeoLite2 country data shipped inside the npm
 * package; nothing is downloaded at install or run time). Loaded on first use, about 20 MB.
 */
function loadGeoip(): Promise<Lookup> {
  geoip ??= import('geoip-country').then(({ default: geo }) => {
    return (ip: string) => geo.lookup(ip)?.country ?? null;
  });
  return geoip;
}

/** An ISO 3166-1 alpha-2 code, upper-cased, or null. */
export function normaliseCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`), as a dual-stack socket reports it. */
const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The TRUST_PROXY list (addresses and CIDRs, checked by config/env.ts) as a matcher for a
 * connection's peer address.
 */
export function proxyMatcher(trusted: readonly string[]): (peer: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (peer) => {
    if (!peer || trusted.length === 0) return false;
    const v4 = MAPPED_V4.exec(peer)?.[1] ?? peer;
    return isIPv4(v4) ? list.check(v4, 'ipv4') : list.check(peer, 'ipv6');
  };
}

/**
 * Decides the visitor's country on the server (decisions §2): the header named by
 * COUNTRY_HEADER when the request comes straight from a TRUST_PROXY proxy (anyone else could
 * send the header and choose their prices) and the header carries a country, else an offline
 * GeoIP lookup of the client address (`request.ip`, which honours TRUST_PROXY only), else
 * unknown (null). The browser never asks a third-party service.
 */
export class CountryResolver {
  private readonly header: string | undefined;
  private readonly fromTrustedProxy: (peer: string | undefined) => boolean;

  constructor(header: string | undefined, trustedProxies: readonly string[]) {
    this.header = header?.toLowerCase();
    this.fromTrustedProxy = proxyMatcher(trustedProxies);
  }

  /** The country, from the request's headers, client address and direct peer. */
  async resolve(request: Pick<ClientInfo, 'headers' | 'ip' | 'peer'>): Promise<string | null> {
    if (this.header && this.fromTrustedProxy(request.peer)) {
      const value = request.headers[this.header];
      const fromHeader = normaliseCountry(Array.isArray(value) ? value[0] : value);
      if (fromHeader) return fromHeader;
    }
    try {
      return normaliseCountry((await loadGeoip())(request.ip));
    } catch {
      return null;
    }
  }
}
