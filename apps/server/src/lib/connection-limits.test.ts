import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenOnLoopback, type TestApp } from '../../test/build-test-app.ts';
import {
  addressKey,
  connectionLimits,
  defaultMaxConnections,
  limitConnections,
  openFilesLimit,
} from './connection-limits.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                40000                files
Max locked memory         8388608              8388608              bytes
`;

describe('the connection limits', () => {
  it('reads the soft limit of open files, and derives the default from it', () => {
    expect(openFilesLimit(LIMITS)).toBe(20_000);
    expect(openFilesLimit(LIMITS.replace('20000 ', 'unlimited'))).toBe(1_048_576);
    expect(openFilesLimit('nothing here')).toBeNull();
    // On this machine (Linux): the process's own limit.
    if (process.platform === 'linux') expect(openFilesLimit()).toBeGreaterThan(0);
    // 1,024 + the pool kept aside, then half the rest (a connection may also hold a file).
    expect(defaultMaxConnections(20_000, 10)).toBe(9_483);
    expect(defaultMaxConnections(1_048_576, 10)).toBe(523_771);
    // A small limit keeps half of it aside.
    expect(defaultMaxConnections(1_024, 10)).toBe(256);
    expect(defaultMaxConnections(null, 10)).toBe(1_531);
  });

  it('caps one address at 256, never more than a quarter of all, unless configured', () => {
    const env = { DB_POOL_MAX: 10, trustProxy: [] };
    expect(connectionLimits(env, 20_000)).toMatchObject({ maxConnections: 9_483, perAddress: 256 });
    expect(connectionLimits(env, 1_024)).toMatchObject({ maxConnections: 256, perAddress: 64 });
    expect(
      connectionLimits({ ...env, MAX_CONNECTIONS: 200, MAX_CONNECTIONS_PER_ADDRESS: 0 }, 20_000),
    ).toMatchObject({ maxConnections: 200, perAddress: 0 });
  });

  it('counts an IPv6 client by its /64, an IPv4-mapped one by its IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe(addressKey('2001:0db8:0001:0002:ffff::1'));
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

/** Opens a connection from `from`; resolves whether the server still holds it after 300 ms. */
function heldAfterAWhile(port: number, from: string, sockets: net.Socket[]): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    let closed = false;
    socket.on('error', () => {});
    socket.once('close', () => (closed = true));
    socket.once('connect', () => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      setTimeout(() => resolve(!closed), 300);
    });
    socket.once('close', () => resolve(false));
  });
}

// Linux routes all of 127/8 to the loopback: 127.0.0.2 and 127.0.0.3 are other clients.
describe.runIf(process.platform === 'linux')('the limits on a listening server', () => {
  let test: TestApp;
  let port: number;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    test = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.3' } });
    const limits = connectionLimits({
      MAX_CONNECTIONS: 12,
      MAX_CONNECTIONS_PER_ADDRESS: 3,
      DB_POOL_MAX: 10,
      trustProxy: ['127.0.0.3'],
    });
    limitConnections(test.app.server, limits, test.app.log);
    port = Number(new URL(await listenOnLoopback(test.app)).port);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await test?.close();
  });

  it('holds 3 connections of one address, any number of a trusted proxy, 12 in all', async () => {
    const fromOne = [];
    for (let i = 0; i < 5; i++) fromOne.push(await heldAfterAWhile(port, '127.0.0.2', sockets));
    expect(fromOne).toEqual([true, true, true, false, false]);
    const fromProxy = [];
    for (let i = 0; i < 11; i++) fromProxy.push(await heldAfterAWhile(port, '127.0.0.3', sockets));
    // 3 + 9 = 12: the server is full, for the proxy too.
    expect(fromProxy).toEqual([...Array<boolean>(9).fill(true), false, false]);
    expect(await heldAfterAWhile(port, '127.0.0.4', sockets)).toBe(false);
    // A connection let go makes room.
    sockets[0]!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(await heldAfterAWhile(port, '127.0.0.4', sockets)).toBe(true);
  });
});
