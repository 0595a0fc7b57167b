import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNotification } from '@/testing/notification-factories';
import { FakeBroadcastHub, FakeLockManager } from '../testing/fake-tabs';
import type { NotificationStreamEvent } from './notification-events';
import { startStreamCoordinator, type StreamCoordinatorOptions } from './stream-coordinator';
import { ELECTION } from './tab-leader';

interface Stream {
  tab: number;
  lastEventId: string | null;
  emit: (event: NotificationStreamEvent) => void;
  closed: boolean;
}

/** Opens `count` tabs of one browser; records the server streams they open and what each sees. */
function browser(
  count: number,
  {
    locks = new FakeLockManager(),
    hub = new FakeBroadcastHub(),
  }: { locks?: FakeLockManager | null; hub?: FakeBroadcastHub } = {},
) {
  const streams: Stream[] = [];
  const seen: NotificationStreamEvent[][] = [];
  const tabs = Array.from({ length: count }, (_, tab) => {
    seen.push([]);
    const lockView = locks?.forTab() ?? null;
    const options: StreamCoordinatorOptions = {
      userId: 'user-1',
      locks: lockView,
      createChannel: hub.create,
      onEvent: (event) => seen[tab]!.push(event),
      openStream: (lastEventId, emit) => {
        const stream: Stream = { tab, lastEventId, emit, closed: false };
        streams.push(stream);
        return {
          close: () => {
            stream.closed = true;
          },
        };
      },
    };
    return { ...startStreamCoordinator(options), crash: () => lockView?.crash() };
  });
  const open = () => streams.filter((stream) => !stream.closed);
  return { tabs, streams, open, seen, hub };
}

const notificationEvent = (eventId: string): NotificationStreamEvent => ({
  type: 'notification',
  eventId,
  notification: buildNotification(),
  unreadCount: 1,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startStreamCoordinator', () => {
  it('opens one server stream for ten tabs and relays its events to all of them', async () => {
    vi.useFakeTimers();
    const { tabs, open, seen } = browser(10);
    await vi.advanceTimersByTimeAsync(0);
    expect(open()).toHaveLength(1);

    const event = notificationEvent('p1');
    open()[0]!.emit(event);
    await vi.advanceTimersByTimeAsync(0);

    expect(seen.map((events) => events.length)).toEqual(Array(10).fill(1));
    expect(seen[9]![0]).toEqual(event);
    tabs.forEach((tab) => tab.stop());
  });

  it('lets the next tab take over when the leader closes, resuming from the last event', async () => {
    vi.useFakeTimers();
    const { tabs, streams, open } = browser(3);
    await vi.advanceTimersByTimeAsync(0);
    const first = open()[0]!;
    first.emit(notificationEvent('p1'));
    first.emit({ type: 'unread', unreadCount: 0 });
    first.emit(notificationEvent('p2'));
    await vi.advanceTimersByTimeAsync(0);

    tabs[first.tab]!.stop();
    await vi.advanceTimersByTimeAsync(0);

    expect(first.closed).toBe(true);
    expect(open()).toHaveLength(1);
    expect(open()[0]!.tab).not.toBe(first.tab);
    expect(open()[0]!.lastEventId).toBe('p2');
    expect(streams).toHaveLength(2);

    // The same when the leading tab is killed: the browser releases its lock.
    const second = open()[0]!;
    tabs[second.tab]!.crash();
    await vi.advanceTimersByTimeAsync(0);
    const third = streams.at(-1)!;
    expect(third.tab).not.toBe(second.tab);
    expect(third.lastEventId).toBe('p2');
    tabs.forEach((tab) => tab.stop());
  });

  it('ignores relayed events of another account', async () => {
    vi.useFakeTimers();
    const hub = new FakeBroadcastHub();
    const { tabs, seen } = browser(1, { hub });
    await vi.advanceTimersByTimeAsync(0);

    const stranger = hub.create('selah-notifications');
    stranger.postMessage({ kind: 'event', userId: 'user-2', event: notificationEvent('x') });
    stranger.postMessage({ kind: 'event', userId: 'user-1', event: notificationEvent('y') });
    await vi.advanceTimersByTimeAsync(0);

    expect(seen[0]!.map((event) => event.type === 'notification' && event.eventId)).toEqual(['y']);
    tabs[0]!.stop();
  });

  it('elects over the channel when the browser has no Web Locks', async () => {
    vi.useFakeTimers();
    const { tabs, open, seen } = browser(4, { locks: null });
    await vi.advanceTimersByTimeAsync(ELECTION.discoveryMs + ELECTION.claimMs + 10);

    expect(open()).toHaveLength(1);
    open()[0]!.emit({ type: 'unread', unreadCount: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.flat()).toHaveLength(4);
    tabs.forEach((tab) => tab.stop());
    expect(open()).toHaveLength(0);
  });

  it('streams in every tab when there is neither Web Locks nor BroadcastChannel', () => {
    const streams: string[] = [];
    const coordinator = startStreamCoordinator({
      userId: 'user-1',
      locks: null,
      createChannel: () => null,
      onEvent: () => {},
      openStream: () => {
        streams.push('open');
        return { close: () => streams.push('closed') };
      },
    });

    expect(streams).toEqual(['open']);
    coordinator.stop();
    expect(streams).toEqual(['open', 'closed']);
  });
});
