import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBroadcastHub, FakeLockManager } from '../testing/fake-tabs';
import { createTabId, ELECTION, electOverChannel, electWithLock } from './tab-leader';

/** Opens "tabs" that elect over one fake channel; each records whether it leads. */
function tabs(hub = new FakeBroadcastHub()) {
  const open: {
    id: string;
    leading: boolean;
    leads: number;
    stop: () => void;
    crash: () => void;
  }[] = [];
  const openTab = (id: string) => {
    const channel = hub.create('selah-notifications');
    const tab = { id, leading: false, leads: 0, stop: () => {}, crash: () => {} };
    const election = electOverChannel(
      channel,
      () => {
        tab.leading = true;
        tab.leads += 1;
        return () => {
          tab.leading = false;
        };
      },
      { id },
    );
    tab.stop = () => {
      election.stop();
      channel.close();
    };
    // A killed tab: silent, and its timers die with it.
    tab.crash = () => {
      channel.crash();
      election.stop();
      tab.leading = false;
    };
    open.push(tab);
    return tab;
  };
  const leaders = () => open.filter((tab) => tab.leading).map((tab) => tab.id);
  return { openTab, leaders, open };
}

describe('createTabId', () => {
  it('sorts by creation time, so the oldest tab wins a contested election', () => {
    expect(createTabId(1_000, () => 0.9) < createTabId(2_000, () => 0.1)).toBe(true);
  });
});

describe('electOverChannel (no Web Locks)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes a lone tab the leader once nobody answers', async () => {
    const { openTab } = tabs();
    const tab = openTab('a');

    await vi.advanceTimersByTimeAsync(ELECTION.discoveryMs);
    expect(tab.leading).toBe(false);
    await vi.advanceTimersByTimeAsync(ELECTION.claimMs);
    expect(tab.leading).toBe(true);
    tab.stop();
  });

  it('keeps a new tab a follower while a leader answers', async () => {
    const { openTab, leaders } = tabs();
    openTab('a');
    await vi.advanceTimersByTimeAsync(1_000);
    openTab('b');

    await vi.advanceTimersByTimeAsync(30_000);

    expect(leaders()).toEqual(['a']);
  });

  it('elects exactly one of many tabs opened at once: the smallest id', async () => {
    const { openTab, leaders } = tabs();
    for (const id of ['d', 'b', 'e', 'a', 'c']) openTab(id);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(leaders()).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(leaders()).toEqual(['a']);
  });

  it('hands over at once when the leader closes and says so', async () => {
    const { openTab, leaders, open } = tabs();
    openTab('a');
    await vi.advanceTimersByTimeAsync(1_000);
    openTab('b');
    openTab('c');
    await vi.advanceTimersByTimeAsync(1_000);

    open[0]!.stop();
    await vi.advanceTimersByTimeAsync(2 * ELECTION.claimMs);

    expect(leaders()).toEqual(['b']);
  });

  it('takes over from a leader that vanished without a word', async () => {
    const { openTab, leaders, open } = tabs();
    openTab('a');
    await vi.advanceTimersByTimeAsync(1_000);
    openTab('b');
    await vi.advanceTimersByTimeAsync(1_000);

    open[0]!.crash();
    await vi.advanceTimersByTimeAsync(
      ELECTION.leaderTimeoutMs + ELECTION.heartbeatMs + ELECTION.claimMs,
    );

    expect(leaders()).toEqual(['b']);
  });

  it('always has exactly one leader among ten tabs as leaders come and go', async () => {
    const { openTab, leaders, open } = tabs();
    for (let index = 0; index < 10; index += 1) {
      openTab(`tab-${index}`);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2_000);

    for (let round = 0; round < 5; round += 1) {
      expect(leaders()).toHaveLength(1);
      const leader = open.find((tab) => tab.leading)!;
      if (round % 2 === 0) leader.stop();
      else leader.crash();
      open.splice(open.indexOf(leader), 1);
      await vi.advanceTimersByTimeAsync(ELECTION.leaderTimeoutMs + 2 * ELECTION.heartbeatMs);
    }
    expect(leaders()).toHaveLength(1);
  });

  it('resolves two leaders (tabs that could not hear each other for a while) to one', async () => {
    const hub = new FakeBroadcastHub();
    const { openTab, leaders } = tabs(hub);
    hub.partitioned = true;
    const a = openTab('a');
    const b = openTab('b');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(leaders()).toEqual(['a', 'b']);

    hub.partitioned = false;
    await vi.advanceTimersByTimeAsync(ELECTION.heartbeatMs + 10);

    expect(leaders()).toEqual(['a']);
    expect([a.leads, b.leads]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(leaders()).toEqual(['a']);
  });

  it('stops leading and announces it on stop()', async () => {
    const { openTab } = tabs();
    const tab = openTab('a');
    await vi.advanceTimersByTimeAsync(1_000);

    tab.stop();

    expect(tab.leading).toBe(false);
  });
});

describe('electWithLock (Web Locks)', () => {
  it('lets the lock holder lead, queues the others and hands over when it stops', async () => {
    const locks = new FakeLockManager();
    const state = { a: 0, b: 0, c: 0 };
    const resigned: string[] = [];
    const elect = (name: keyof typeof state) =>
      electWithLock(locks.forTab(), 'selah-notifications-stream', () => {
        state[name] += 1;
        return () => resigned.push(name);
      });

    const a = elect('a');
    const b = elect('b');
    const c = elect('c');
    await vi.waitFor(() => expect(state).toEqual({ a: 1, b: 0, c: 0 }));

    // A tab that stops while still waiting just leaves the queue.
    b.stop();
    a.stop();
    await vi.waitFor(() => expect(state).toEqual({ a: 1, b: 0, c: 1 }));
    expect(resigned).toEqual(['a']);
    c.stop();
    expect(resigned).toEqual(['a', 'c']);
  });

  it('passes the lead on when the holding tab is closed (the browser releases the lock)', async () => {
    const locks = new FakeLockManager();
    const first = locks.forTab();
    const led: string[] = [];
    electWithLock(first, 'lock', () => {
      led.push('first');
      return () => {};
    });
    const second = electWithLock(locks.forTab(), 'lock', () => {
      led.push('second');
      return () => {};
    });
    await vi.waitFor(() => expect(led).toEqual(['first']));

    first.crash();

    await vi.waitFor(() => expect(led).toEqual(['first', 'second']));
    second.stop();
  });
});
