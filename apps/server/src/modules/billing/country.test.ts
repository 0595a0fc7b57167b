import { describe, expect, it } from 'vitest';
import { CountryResolver, proxyMatcher } from './country.ts';

describe('proxyMatcher', () => {
  it('matches addresses and CIDRs of TRUST_PROXY, IPv4 written as IPv6 included', () => {
    const trusted = proxyMatcher(['10.0.0.0/8', '192.0.2.7', '::1', '2001:db8::/32']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('192.0.2.7')).toBe(true);
    expect(trusted('192.0.2.8')).toBe(false);
    expect(trusted('::1')).toBe(true);
    expect(trusted('2001:db8:1::5')).toBe(true);
    expect(trusted('8.8.8.8')).toBe(false);
    expect(trusted(undefined)).toBe(false);
  });

  it('trusts nobody without TRUST_PROXY', () => {
    expect(proxyMatcher([])('127.0.0.1')).toBe(false);
  });
});

describe('CountryResolver', () => {
  it('reads the header only from a trusted peer', async () => {
    const resolver = new CountryResolver('CF-IPCountry', ['127.0.0.1']);
    const headers = { 'cf-ipcountry': 'NG' };
    expect(await resolver.resolve({ headers, ip: '8.8.8.8', peer: '127.0.0.1' })).toBe('NG');
    expect(await resolver.resolve({ headers, ip: '8.8.8.8', peer: '8.8.8.8' })).toBe('US');
  });
});
