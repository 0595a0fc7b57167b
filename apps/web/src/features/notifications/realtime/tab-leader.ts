/**
 * One leader among the open tabs of this browser. The leader runs `onLead` (which returns how
 * to resign); when it closes or stops, another tab takes over.
 *
 * - With the Web Locks API the leader is the holder of an exclusive lock: the browser queues
 *   the other tabs and grants the lock to the next one when the holder stops or closes.
 * - Without it, tabs elect a leader over a BroadcastChannel (see `electOverChannel`).
 */

export interface Election {
  stop: () => void;
}

/** Becomes the leader; returns the function that ends the leadership. */
export type OnLead = () => () => void;

/** The subset of BroadcastChannel the election and the relay use (tests pass a fake). */
export interface ChannelLike {
  postMessage: (message: unknown) => void;
  addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void;
  removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void;
  close: () => void;
}

/** The subset of `navigator.locks` used here. */
export interface LockManagerLike {
  request: (
    name: string,
    options: { signal: AbortSignal },
    callback: () => Promise<void>,
  ) => Promise<unknown>;
}

export function electWithLock(locks: LockManagerLike, name: string, onLead: OnLead): Election {
  const waiting = new AbortController();
  let stopped = false;
  let release: (() => void) | null = null;
  locks
    .request(
      name,
      { signal: waiting.signal },
      () =>
        new Promise<void>((resolve) => {
          if (stopped) {
            resolve();
            return;
          }
          const resign = onLead();
          release = () => {
            resign();
            resolve();
          };
        }),
    )
    // Aborted while waiting in the queue: nothing to release.
    .catch(() => undefined);
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      if (release) {
        release();
        release = null;
      } else {
        waiting.abort();
      }
    },
  };
}

/** Timings of the channel election. */
export const ELECTION = {
  /** How long a new tab listens for a leader before it stands. */
  discoveryMs: 400,
  /** How long a candidate waits for objections. */
  claimMs: 250,
  /** The leader's "still here" interval. */
  heartbeatMs: 2_000,
  /** Silence after which followers assume the leader is gone. */
  leaderTimeoutMs: 5_000,
} as const;

interface ElectionMessage {
  kind: 'election';
  type: 'who' | 'claim' | 'leader' | 'resign';
  id: string;
}

const isElectionMessage = (value: unknown): value is ElectionMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as { kind?: unknown }).kind === 'election' &&
  typeof (value as { id?: unknown }).id === 'string';

/** Ids sort by creation time, so the oldest tab wins a contested election. */
export function createTabId(now = Date.now(), random = Math.random): string {
  return `${now.toString(36).padStart(10, '0')}-${random().toString(36).slice(2, 10)}`;
}

/**
 * Leader election over a BroadcastChannel, for browsers without Web Locks. A new tab asks
 * 'who' leads; a live leader answers at once and repeats 'leader' every 2 s. Without an answer
 * (or after 5 s of silence, or when the leader says 'resign' on closing) a tab 'claim's the
 * lead and takes it unless a tab with a smaller id claims or leads meanwhile. Two leaders that
 * hear each other resolve it the same way: the larger id steps down.
 */
export function electOverChannel(
  channel: ChannelLike,
  onLead: OnLead,
  { id = createTabId(), timings = ELECTION }: { id?: string; timings?: typeof ELECTION } = {},
): Election {
  let role: 'follower' | 'candidate' | 'leader' = 'follower';
  let lastLeaderSeen = Number.NEGATIVE_INFINITY;
  let resign: (() => void) | null = null;
  let claimTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const post = (type: ElectionMessage['type']) =>
    channel.postMessage({ kind: 'election', type, id } satisfies ElectionMessage);

  const lead = () => {
    role = 'leader';
    post('leader');
    resign = onLead();
  };
  const follow = () => {
    clearTimeout(claimTimer);
    if (role === 'leader') {
      resign?.();
      resign = null;
    }
    role = 'follower';
  };
  const stand = () => {
    if (stopped || role !== 'follower') return;
    role = 'candidate';
    post('claim');
    claimTimer = setTimeout(() => {
      if (role === 'candidate' && !stopped) lead();
    }, timings.claimMs);
  };

  const onMessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (stopped || !isElectionMessage(message) || message.id === id) return;
    switch (message.type) {
      case 'who':
        if (role === 'leader') post('leader');
        break;
      case 'leader':
        lastLeaderSeen = Date.now();
        if (role === 'leader' && message.id > id) post('leader');
        else follow();
        break;
      case 'claim':
        if (role === 'leader') post('leader');
        else if (role === 'candidate' && message.id < id) {
          follow();
          // Give the winner time to announce itself before standing again.
          lastLeaderSeen = Date.now();
        }
        break;
      case 'resign':
        if (role === 'follower') {
          lastLeaderSeen = Number.NEGATIVE_INFINITY;
          // Spread the candidacies a little; the smallest id wins anyway.
          setTimeout(stand, Math.floor(Math.random() * timings.claimMs));
        }
        break;
    }
  };

  const tick = setInterval(() => {
    if (role === 'leader') post('leader');
    else if (role === 'follower' && Date.now() - lastLeaderSeen > timings.leaderTimeoutMs) stand();
  }, timings.heartbeatMs);

  // A closing tab says so, so that another one takes over at once.
  const onPageHide = () => {
    if (role === 'leader') post('resign');
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);

  channel.addEventListener('message', onMessage);
  post('who');
  const discovery = setTimeout(() => {
    if (role === 'follower' && lastLeaderSeen === Number.NEGATIVE_INFINITY) stand();
  }, timings.discoveryMs);

  return {
    stop() {
      if (stopped) return;
      const wasLeader = role === 'leader';
      follow();
      stopped = true;
      if (wasLeader) post('resign');
      clearInterval(tick);
      clearTimeout(discovery);
      channel.removeEventListener('message', onMessage);
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
    },
  };
}
