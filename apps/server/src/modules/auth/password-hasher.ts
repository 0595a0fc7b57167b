import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** OWASP's Argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which type stripping cannot read)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Argon2id hashing with a concurrency cap, so a burst of logins queues here instead of
 * starving every other route of CPU.
 */
export class PasswordHasher {
  private readonly limit: ReturnType<typeof pLimit>;
  private dummyHash: Promise<string> | undefined;

  constructor(concurrency = 2) {
    this.limit = pLimit(concurrency);
  }

  hash(password: string): Promise<string> {
    return this.limit(() => hash(password, OPTIONS));
  }

  verify(hashed: string, password: string): Promise<boolean> {
    return this.limit(() => verify(hashed, password).catch(() => false));
  }

  /** Spends the same time as a real check, for unknown accounts (no user enumeration by timing). */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= hash('selah-dummy-password', OPTIONS);
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
