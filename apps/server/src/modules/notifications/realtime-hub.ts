import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export const REALTIME_CHANNEL = 'selah:realtime';

/** What travels to a user's open streams. */
export type RealtimeEvent =
  | { kind: 'notification'; notificationId: string; eventId: string }
  | { kind: 'changed' }
  /** These sessions were revoked: their streams end. */
  | { kind: 'sessions-ended'; sessionIds: string[] };

type Listener = (event: RealtimeEvent) => void;

/** Publish failures logged at most this often (a Redis outage must not flood the log). */
const PUBLISH_WARNING_INTERVAL_MS = 60_000;

/**
 * Fans events out to the SSE streams of a user in every process. Streams in this process get
 * the event at once, whatever the state of Redis; with Redis the event also goes through one
 * pub/sub channel that every process subscribes to, and each process ignores its own messages.
 * While Redis is down, other processes miss events (their clients catch up on the next fetch);
 * ioredis reconnects and the hub subscribes again when the connection is ready.
 */
export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly publisher: Redis | undefined;
  private readonly subscriber: Redis | undefined;
  private readonly logger: FastifyBaseLogger;
  /** Tells this process's messages apart from other processes' on the shared channel. */
  private readonly origin = randomUUID();
  private lastPublishWarning = 0;

  constructor(options: {
    publisher?: Redis | undefined;
    subscriber?: Redis | undefined;
    logger: FastifyBaseLogger;
  }) {
    this.publisher = options.publisher;
    this.subscriber = options.subscriber;
    this.logger = options.logger;
    const subscriber = this.subscriber;
    if (subscriber) {
      subscriber.on('message', (_channel: string, message: string) => this.onMessage(message));
      // (Re)subscribe whenever the connection becomes ready: at start and after every outage.
      const subscribe = () => {
        subscriber.subscribe(REALTIME_CHANNEL).catch((error: unknown) => {
          this.logger.warn({ err: error }, 'realtime: could not subscribe to Redis');
        });
      };
      subscriber.on('ready', subscribe);
      if (subscriber.status === 'ready') subscribe();
    }
  }

  /** Registers a stream's listener; returns the function that removes it. */
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Open streams in this process. */
  get connections(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** Sends an event to every open stream of `userId`, in whichever process it is. */
  async publish(userId: string, event: RealtimeEvent): Promise<void> {
    this.deliver(userId, event);
    if (!this.publisher || this.publisher.status !== 'ready') return;
    try {
      await this.publisher.publish(
        REALTIME_CHANNEL,
        JSON.stringify({ origin: this.origin, userId, event }),
      );
    } catch (error) {
      if (Date.now() - this.lastPublishWarning >= PUBLISH_WARNING_INTERVAL_MS) {
        this.lastPublishWarning = Date.now();
        this.logger.warn({ err: error }, 'realtime: Redis publish failed, delivered locally only');
      }
    }
  }

  private onMessage(message: string): void {
    try {
      const { origin, userId, event } = JSON.parse(message) as {
        origin?: string;
        userId: string;
        event: RealtimeEvent;
      };
      if (origin === this.origin) return;
      this.deliver(userId, event);
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: bad message');
    }
  }

  private deliver(userId: string, event: RealtimeEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.logger.warn({ err: error }, 'realtime: listener failed');
      }
    }
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.subscriber) {
      await this.subscriber.unsubscribe(REALTIME_CHANNEL).catch(() => {});
      this.subscriber.disconnect();
    }
  }
}
