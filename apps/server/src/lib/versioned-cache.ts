import { LRUCache } from 'lru-cache';
import type { WriteClock } from '../db/write-clock.ts';

interface Entry<V> {
  value: V;
  /** The write clock's version when the value was read (before the reads began). */
  version: number;
  /** When it was stored, by the app's clock. */
  storedAt: number;
}

/**
 * How long an entry may answer at most, whatever the writes: time alone changes some answers
 * (a plan lapsing, a day turning, "online"; a session's expiry is checked apart). Five seconds:
 * none of those is shown to the second, and each key read again at most every five seconds
 * keeps those reads (each a few milliseconds on the database) well under 1 % of a busy key's
 * answers, so they stay out of p99 (ADR 035; a 1 s ceiling sent about 1 % back).
 */
export const REMEMBERED_AT_MOST_MS = 5_000;

export interface VersionedCacheOptions<V> {
  clock: WriteClock;
  /** The app's clock (tests move it). */
  now: () => Date;
  /** Most entries kept (least recently used go first). */
  max: number;
  /** With `sizeOf`: most bytes kept. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** Off: nothing is kept (several processes share the database, ADR 035). */
  enabled: boolean;
}

/**
 * Values read from the database, each valid while no write has completed since it was read
 * (db/write-clock.ts) and for at most {@link REMEMBERED_AT_MOST_MS}. Reading one: `const version = cache.version()`
 * before the reads, then `cache.set(key, value, version)` after them; a write that completed in
 * between leaves the entry unused (and it is not stored).
 */
export class VersionedCache<V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<string, Entry<V>>;
  readonly #options: VersionedCacheOptions<V>;

  constructor(options: VersionedCacheOptions<V>) {
    this.#options = options;
    const { sizeOf, maxSize } = options;
    this.#entries = new LRUCache<string, Entry<V>>({
      max: options.max,
      ...(sizeOf && maxSize ? { maxSize, sizeCalculation: (entry) => sizeOf(entry.value) } : {}),
    });
  }

  get enabled(): boolean {
    return this.#options.enabled;
  }

  /** The version to store what is about to be read with. */
  version(): number {
    return this.#options.clock.version;
  }

  get(key: string): V | undefined {
    if (!this.#options.enabled) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const age = this.#options.now().getTime() - entry.storedAt;
    if (entry.version !== this.#options.clock.version || age < 0 || age >= REMEMBERED_AT_MOST_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` read at `version`, unless a write has completed since. */
  set(key: string, value: V, version: number): void {
    if (!this.#options.enabled || version !== this.#options.clock.version) return;
    this.#entries.set(key, { value, version, storedAt: this.#options.now().getTime() });
  }
}
