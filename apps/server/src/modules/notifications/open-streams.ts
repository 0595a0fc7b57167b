import type { FastifyBaseLogger } from 'fastify';

/**
 * How often open streams check that their sessions are still live. A revocation ends its
 * streams at once through the realtime hub (every process); this check is what ends them when
 * that message was lost (a Redis outage), when a session expired, or when its row went.
 */
export const SESSION_CHECK_MS = 5_000;

interface OpenStream {
  userId: string;
  sessionId: string;
  end: () => void;
}

/**
 * The notification streams open in this process, by session: shutdown ends them all, and every
 * {@link SESSION_CHECK_MS} one query finds the sessions that ended and ends their streams.
 */
export class OpenStreams {
  readonly #streams = new Set<OpenStream>();
  readonly #liveSessions: (ids: string[]) => Promise<Set<string>>;
  readonly #logger: FastifyBaseLogger;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: {
    /** Of the given session ids, those still live. */
    liveSessions: (ids: string[]) => Promise<Set<string>>;
    logger: FastifyBaseLogger;
    intervalMs?: number;
  }) {
    this.#liveSessions = options.liveSessions;
    this.#logger = options.logger;
    this.#intervalMs = options.intervalMs ?? SESSION_CHECK_MS;
  }

  /** Streams of this user open in this process. */
  countFor(userId: string): number {
    let n = 0;
    for (const stream of this.#streams) if (stream.userId === userId) n++;
    return n;
  }

  /** Registers a stream; returns the function that forgets it (call it when the stream ends). */
  add(userId: string, sessionId: string, end: () => void): () => void {
    const stream = { userId, sessionId, end };
    this.#streams.add(stream);
    this.#timer ??= setInterval(() => void this.checkSessions(), this.#intervalMs).unref();
    return () => {
      this.#streams.delete(stream);
      if (this.#streams.size === 0 && this.#timer) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    };
  }

  /** Ends the streams of sessions that are no longer live. */
  async checkSessions(): Promise<void> {
    // Only the streams open when the question is asked: one opened while it is answered has a
    // session the answer does not cover (it was checked when the stream opened).
    const checked = [...this.#streams];
    if (checked.length === 0) return;
    const ids = [...new Set(checked.map((stream) => stream.sessionId))];
    let live: Set<string>;
    try {
      live = await this.#liveSessions(ids);
    } catch (error) {
      // The database is unreachable: nothing can be delivered either; try again next time.
      this.#logger.warn({ err: error }, 'open streams: could not check sessions');
      return;
    }
    for (const stream of checked) if (!live.has(stream.sessionId)) stream.end();
  }

  /** Ends every stream (shutdown: streams would otherwise hold it up until clients leave). */
  closeAll(): void {
    for (const stream of [...this.#streams]) stream.end();
  }
}
