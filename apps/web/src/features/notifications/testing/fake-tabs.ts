import type { ChannelLike, LockManagerLike } from '../realtime/tab-leader';

/**
 * An in-memory stand-in for BroadcastChannel across "tabs": messages reach every other open
 * channel of the same name on a later task (setTimeout 0, so fake timers control delivery),
 * never the sender. `crash` makes a channel vanish without a word, like a killed tab.
 */
export class FakeBroadcastHub {
  private readonly channels = new Set<FakeChannel>();
  /** While true, messages are lost (tabs that cannot hear each other). */
  partitioned = false;

  create = (name: string): FakeChannel => {
    const channel = new FakeChannel(name, this);
    this.channels.add(channel);
    return channel;
  };

  deliver(from: FakeChannel, message: unknown) {
    if (this.partitioned) return;
    for (const channel of this.channels) {
      if (channel === from || channel.name !== from.name) continue;
      const data = structuredClone(message);
      setTimeout(() => channel.receive(data), 0);
    }
  }

  remove(channel: FakeChannel) {
    this.channels.delete(channel);
  }
}

export class FakeChannel implements ChannelLike {
  private readonly listeners = new Set<(event: MessageEvent) => void>();
  private dead = false;
  readonly name: string;
  private readonly hub: FakeBroadcastHub;

  constructor(name: string, hub: FakeBroadcastHub) {
    this.name = name;
    this.hub = hub;
  }

  postMessage(message: unknown) {
    if (!this.dead) this.hub.deliver(this, message);
  }

  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.delete(listener);
  }

  receive(data: unknown) {
    if (this.dead) return;
    for (const listener of this.listeners) listener(new MessageEvent('message', { data }));
  }

  close() {
    this.dead = true;
    this.hub.remove(this);
  }

  /** The tab is gone without saying goodbye. */
  crash() {
    this.close();
  }
}

/**
 * A stand-in for `navigator.locks` shared by the "tabs": exclusive, first come first served;
 * the holder keeps the lock until its callback's promise settles; a waiting request can be
 * aborted. `crash(holder)` releases like a closed tab does.
 */
export class FakeLockManager {
  private readonly queues = new Map<
    string,
    { callback: () => Promise<void>; signal: AbortSignal }[]
  >();
  private readonly held = new Set<string>();
  private readonly releases = new Map<string, () => void>();

  /** A per-tab view (what each tab's `navigator.locks` would be). */
  forTab(): LockManagerLike & { crash: () => void } {
    let release: (() => void) | undefined;
    return {
      request: (name, options, callback) =>
        this.request(name, options.signal, callback, (r) => {
          release = r;
        }),
      crash: () => release?.(),
    };
  }

  private request(
    name: string,
    signal: AbortSignal,
    callback: () => Promise<void>,
    onGrant: (release: () => void) => void,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const entry = {
        signal,
        callback: () => {
          let released = false;
          const release = () => {
            if (released) return;
            released = true;
            this.held.delete(name);
            resolve();
            this.grantNext(name);
          };
          onGrant(release);
          return callback().then(release, release);
        },
      };
      signal.addEventListener('abort', () => {
        const index = queue.indexOf(entry);
        if (index !== -1) {
          queue.splice(index, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        }
      });
      queue.push(entry);
      this.grantNext(name);
    });
  }

  private grantNext(name: string) {
    if (this.held.has(name)) return;
    const next = this.queues.get(name)?.shift();
    if (!next) return;
    this.held.add(name);
    void Promise.resolve().then(() => next.callback());
  }
}
