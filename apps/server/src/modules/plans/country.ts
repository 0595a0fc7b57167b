import type { IncomingHttpHeaders } from 'node:http';

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

/**
 * Decides the visitor's country on the server (decisions §2): the trusted proxy header named by
 * COUNTRY_HEADER when it carries a country, else an offline GeoIP lookup of the client address
 * (`request.ip`, which honours TRUST_PROXY only), else unknown (null). The browser never asks a
 * third-party service.
 */
export class CountryResolver {
  private readonly header: string | undefined;

  constructor(header: string | undefined) {
    this.header = header?.toLowerCase();
  }

  async resolve(request: { headers: IncomingHttpHeaders; ip: string }): Promise<string | null> {
    if (this.header) {
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
