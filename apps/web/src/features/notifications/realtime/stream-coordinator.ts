import type { NotificationStreamEvent } from './notification-events';
import {
  electOverChannel,
  electWithLock,
  type ChannelLike,
  type Election,
  type LockManagerLike,
} from './tab-leader';

/** The Web Lock whose holder runs the stream. */
export const STREAM_LOCK_NAME = 'selah-notifications-stream';
/** The channel over which the leader relays events to the other tabs (and elects, without locks). */
export const STREAM_CHANNEL_NAME = 'selah-notifications';

interface RelayMessage {
  kind: 'event';
  userId: string;
  event: NotificationStreamEvent;
}

const isRelayMessage = (value: unknown): value is RelayMessage =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'event';

export interface StreamCoordinatorOptions {
  /** Whose notifications these are; relayed events of another account are ignored. */
  userId: string;
  /** Opens the server stream from `lastEventId`, delivering its events; returns how to close it. */
  openStream: (
    lastEventId: string | null,
    onEvent: (event: NotificationStreamEvent) => void,
  ) => { close: () => void };
  /** Every event, whether from this tab's stream or relayed by the leader. */
  onEvent: (event: NotificationStreamEvent) => void;
  /** Defaults to `navigator.locks`; null forces the channel election. */
  locks?: LockManagerLike | null;
  /** Defaults to a BroadcastChannel; null when the browser has none (every tab then streams). */
  createChannel?: (name: string) => ChannelLike | null;
}

const defaultLocks = (): LockManagerLike | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks
    ? navigator.locks
    : null;

const defaultChannel = (name: string): ChannelLike | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);

/**
 * One notification stream for all tabs of the browser (browsers allow six HTTP/1.1 connections
 * per site, so ten tabs with a stream each would starve). A leader tab holds the stream and
 * relays its events to the others; when the leader goes, the next one resumes from the last
 * event id any tab saw, so the server sends what was missed in between.
 */
export function startStreamCoordinator(options: StreamCoordinatorOptions): { stop: () => void } {
  const { userId, openStream, onEvent } = options;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const channel = (options.createChannel ?? defaultChannel)(STREAM_CHANNEL_NAME);
  let lastEventId: string | null = null;

  const deliver = (event: NotificationStreamEvent) => {
    if (event.type === 'notification' && event.eventId) lastEventId = event.eventId;
    onEvent(event);
  };

  const onLead = () => {
    const stream = openStream(lastEventId, (event) => {
      deliver(event);
      channel?.postMessage({ kind: 'event', userId, event } satisfies RelayMessage);
    });
    return () => stream.close();
  };

  const onMessage = (message: MessageEvent) => {
    const data: unknown = message.data;
    if (isRelayMessage(data) && data.userId === userId) deliver(data.event);
  };
  channel?.addEventListener('message', onMessage);

  let election: Election;
  if (locks) election = electWithLock(locks, STREAM_LOCK_NAME, onLead);
  else if (channel) election = electOverChannel(channel, onLead);
  else {
    const resign = onLead();
    election = { stop: resign };
  }

  return {
    stop() {
      election.stop();
      channel?.removeEventListener('message', onMessage);
      channel?.close();
    },
  };
}
