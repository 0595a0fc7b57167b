import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Returns a JSON value kept in the data folder (mode 0600), created by `make` on first use.
 */
export function loadOrCreateJson<T>(dataDir: string, name: string, make: () => T): T {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `${name}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = make();
  writeFileSync(file, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  return value;
}

/**
 * Returns the secret named `name`: from the environment when given, else generated once and
 * kept (mode 0600) in the data folder so sessions survive restarts.
 */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `${name}.secret`);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  return secret;
}
