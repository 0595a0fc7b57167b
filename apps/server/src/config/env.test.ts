import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';
import { loadOrCreateSecret } from './secrets.ts';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      APP_ORIGIN: 'http://localhost:3000',
      GOOGLE_ISSUER_URL: 'https://accounts.google.com',
      trustProxy: [],
      googleEnabled: false,
      DB_POOL_MAX: 10,
      DB_ACQUIRE_TIMEOUT_MS: 2_000,
      DB_STATEMENT_TIMEOUT_MS: 5_000,
      PUSH_ALLOW_INSECURE_ENDPOINTS: false,
    });
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(loadEnv({ PORT: '4000' }).APP_ORIGIN).toBe('http://localhost:4000');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ APP_ORIGIN: 'localhost' }, 'APP_ORIGIN'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ DB_POOL_MAX: '2' }, 'DB_POOL_MAX'],
    [{ DB_ACQUIRE_TIMEOUT_MS: '0' }, 'DB_ACQUIRE_TIMEOUT_MS'],
    [{ DB_STATEMENT_TIMEOUT_MS: '-1' }, 'DB_STATEMENT_TIMEOUT_MS'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ COUNTRY_HEADER: 'bad header!', TRUST_PROXY: '10.0.0.1' }, 'COUNTRY_HEADER'],
    [{ COUNTRY_HEADER: 'CF-IPCountry' }, 'COUNTRY_HEADER'],
    [{ FLUTTERWAVE_PUBLIC_KEY: 'public-only' }, 'FLUTTERWAVE_SECRET_KEY'],
    [{ FLUTTERWAVE_API_URL: 'ftp://api.example' }, 'FLUTTERWAVE_API_URL'],
    [{ NODE_ENV: 'production', FLUTTERWAVE_API_URL: 'http://api.example' }, 'FLUTTERWAVE_API_URL'],
    [{ PUSH_ALLOW_INSECURE_ENDPOINTS: 'yes' }, 'PUSH_ALLOW_INSECURE_ENDPOINTS'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS'],
    [{ MAX_CONNECTIONS: 'lots' }, 'MAX_CONNECTIONS'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '-1' }, 'MAX_CONNECTIONS_PER_ADDRESS'],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '2.5' }, 'MAX_CONNECTIONS_PER_ADDRESS'],
    [
      { NODE_ENV: 'production', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' },
      'PUSH_ALLOW_INSECURE_ENDPOINTS',
    ],
  ])('names the bad variable in %j', (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    try {
      loadEnv(source);
    } catch (error) {
      expect((error as EnvError).message).toContain(`${name}:`);
    }
  });

  it('allows insecure push endpoints only outside production, when asked', () => {
    expect(loadEnv({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' }).PUSH_ALLOW_INSECURE_ENDPOINTS).toBe(
      true,
    );
    expect(
      loadEnv({ NODE_ENV: 'test', PUSH_ALLOW_INSECURE_ENDPOINTS: 'false' })
        .PUSH_ALLOW_INSECURE_ENDPOINTS,
    ).toBe(false);
    expect(() =>
      loadEnv({ NODE_ENV: 'production', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' }),
    ).toThrow(/PUSH_ALLOW_INSECURE_ENDPOINTS: is for tests only and refused in production/);
    expect(loadEnv({ NODE_ENV: 'production' }).PUSH_ALLOW_INSECURE_ENDPOINTS).toBe(false);
  });

  it('leaves the connection limits to be derived unless they are set', () => {
    for (const source of [{}, { MAX_CONNECTIONS: '', MAX_CONNECTIONS_PER_ADDRESS: ' ' }]) {
      const env = loadEnv(source);
      expect(env.MAX_CONNECTIONS).toBeUndefined();
      expect(env.MAX_CONNECTIONS_PER_ADDRESS).toBeUndefined();
    }
    expect(loadEnv({ MAX_CONNECTIONS: '200', MAX_CONNECTIONS_PER_ADDRESS: '0' })).toMatchObject({
      MAX_CONNECTIONS: 200,
      MAX_CONNECTIONS_PER_ADDRESS: 0,
    });
  });

  it('accepts addresses and CIDRs for TRUST_PROXY', () => {
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });
});

describe('loadOrCreateSecret', () => {
  it('generates a secret once, keeps it private in the data folder, and prefers the environment', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'selah-secret-'));
    try {
      const first = loadOrCreateSecret(dir, 'jwt');
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadOrCreateSecret(dir, 'jwt')).toBe(first);
      const file = path.join(dir, 'jwt.secret');
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(loadOrCreateSecret(dir, 'jwt', 'from-the-environment-'.repeat(2))).toBe(
        'from-the-environment-'.repeat(2),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
