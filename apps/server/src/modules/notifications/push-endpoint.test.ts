import { describe, expect, it } from 'vitest';
import {
  addressKind,
  endpointTargetProblem,
  lookupPublic,
  subscriptionEndpointProblem,
} from './push-endpoint.ts';

describe('push endpoint addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['fd00::1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['0.0.0.0', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'reserved'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b::1', 'reserved'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2607:f8b0::1', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('checks URLs: https only, public literals, no local names when subscribing', () => {
    const check = (url: string) => subscriptionEndpointProblem(new URL(url));
    expect(check('https://fcm.googleapis.com/fcm/send/x')).toBeNull();
    expect(check('https://8.8.8.8/x')).toBeNull();
    expect(check('http://fcm.googleapis.com/x')).toBe('the endpoint is not https');
    expect(check('https://LOCALHOST./x')).toBe('localhost is a local name');
    expect(check('https://printer.local/x')).toBe('printer.local is a local name');
    expect(check('https://0x7f.1/x')).toBe('127.0.0.1 is a loopback address');
    expect(check('https://[::ffff:a00:1]/x')).toBe('::ffff:a00:1 is a private address');
    // Names are left to the lookup when sending.
    expect(endpointTargetProblem(new URL('https://localhost/x'))).toBeNull();
  });

  const resolve = (host: string, all: boolean) =>
    new Promise<unknown>((done, fail) =>
      lookupPublic(host, { all }, (error, address, family) =>
        error ? fail(error) : done(all ? address : [address, family]),
      ),
    );

  it('resolves names with every address, refusing any that is not public', async () => {
    await expect(resolve('localhost', true)).rejects.toThrow(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
    await expect(resolve('8.8.4.4', true)).resolves.toEqual([{ address: '8.8.4.4', family: 4 }]);
    await expect(resolve('8.8.4.4', false)).resolves.toEqual(['8.8.4.4', 4]);
  });
});
