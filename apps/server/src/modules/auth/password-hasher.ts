import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Argon2id at 46 MiB, 3 passes, 1 lane: above OWASP's floors (19 MiB x 2 or 46 MiB x 1), tuned so
 * one verification takes 50-100 ms on a 2-core server (quality guide P6; `npm run argon2 -w
 * @selah/bench`). Each hash in flight holds 46 MiB. Decision record 022.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which type stripping cannot read)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 47_104, timeCost: 3, parallelism: 1 };
/** The parameters as a PHC string writes them: `$argon2id$v=19$m=47104,t=3,p=1$...`. */
const CURRENT_PARAMS = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

/**
 * Argon2id hashing with a concurrency cap, so a burst of logins queues here instead of
 * starving every other route of CPU.
 */
export class PasswordHasher {
  private readonly limit: ReturnType<typeof pLimit>;
  private dummyHash: Promise<string> | undefined;

  /** One hash at a time per core but one: a sign-in burst always leaves a core for other routes. */
  constructor(concurrency = Math.max(1, availableParallelism() - 1)) {
    this.limit = pLimit(concurrency);
  }

  hash(password: string): Promise<string> {
    return this.limit(() => hash(password, OPTIONS));
  }

  verify(hashed: string, password: string): Promise<boolean> {
    return this.limit(() => verify(hashed, password).catch(() => false));
  }

  /** True when a stored hash was made with other parameters (rehash it at the next sign-in). */
  needsRehash(hashed: string): boolean {
    return !hashed.startsWith(CURRENT_PARAMS);
  }

  /** Spends the same time as a real check, for unknown accounts (no user enumeration by timing). */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= hash('selah-dummy-password', OPTIONS);
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
