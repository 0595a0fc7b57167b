import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, SEEDED_FRESH_MS } from '@/lib/query-client';
import {
  buildDashboardStats,
  buildJournalDetail,
  buildPrayer,
  buildUser,
} from '@/testing/factories';
import { pageReads, renderPage } from './server-render';
import { adoptServerState, SERVER_STATE_ID } from './server-state';

const INSPIRATION = {
  memoryVerse: {
    verse: 'Be still, and know that I am God.',
    reference: 'Psalm 46:10',
    source: 'scripture',
  },
  inspiration: { quote: 'Pray without ceasing.', author: 'Paul' },
};

/** The JSON inside the page's state element, as main.tsx reads it. */
function stateOf(script: string): unknown {
  const json = /^<script type="application\/json" id="selah-state">([^]*)<\/script>$/.exec(script);
  if (!json) throw new Error(`not a state element: ${script.slice(0, 80)}`);
  return JSON.parse(json[1]!);
}

describe('pageReads', () => {
  it('names the API reads of the pages the server renders, and only of those', () => {
    expect(pageReads('/dashboard')).toEqual(['/stats', '/stats/daily']);
    expect(pageReads('/dashboard/')).toEqual(['/stats', '/stats/daily']);
    expect(pageReads('/journal/abc')).toEqual(['/journals/abc']);
    // The id as the router hands it to the page, encoded again as the app's request does.
    expect(pageReads('/journal/a%20b')).toEqual(['/journals/a%20b']);
    expect(pageReads('/journal/%E0%A4%A')).toBeNull();
    for (const path of ['/', '/login', '/journals', '/journal', '/journal/a/b', '/settings'])
      expect(pageReads(path), path).toBeNull();
  });
});

describe('renderPage', () => {
  it("renders the dashboard inside the signed-in shell, with the user's numbers", async () => {
    const user = buildUser({ firstName: 'Hannah', lastName: 'Elkanah' });
    const page = await renderPage({
      url: '/dashboard',
      user,
      data: { '/stats': buildDashboardStats({ totalPrayers: 4217 }), '/stats/daily': INSPIRATION },
    });
    expect(page).not.toBeNull();
    expect(page!.title).toBe('Dashboard · Selah');
    expect(page!.html).not.toContain('<title>');
    expect(page!.html).toContain('4217');
    expect(page!.html).toContain('Be still, and know that I am God.');
    expect(page!.html).toContain('Welcome back to your prayer dashboard');
    expect(page!.html).toContain(user.email); // the shell's user menu
    expect(page!.html).not.toMatch(/role="status"|animate-pulse/); // no loading skeleton
    expect(stateOf(page!.state)).toEqual({
      userId: user._id,
      queries: {
        mutations: [],
        queries: expect.arrayContaining([
          expect.objectContaining({ queryKey: ['stats', 'dashboard'] }),
          expect.objectContaining({ queryKey: ['stats', 'daily'] }),
        ]),
      },
    });
  });

  it('renders a journal with its prayers, and escapes what users wrote', async () => {
    const user = buildUser();
    const attack = '</script><script>alert(1)</script><!--';
    const journal = buildJournalDetail({
      title: attack,
      owner: user._id,
      prayers: [buildPrayer({ title: 'For my mother' })],
    });
    const page = await renderPage({
      url: `/journal/${journal._id}`,
      user,
      data: { [`/journals/${journal._id}`]: journal },
    });
    expect(page!.html).toContain('For my mother');
    expect(page!.html).not.toContain('<script>alert(1)');
    expect(page!.title).toContain('&lt;/script&gt;');
    // One element: nothing in the data ends it early.
    expect(page!.state.match(/<\/script/g)).toHaveLength(1);
    expect(page!.state).not.toContain('<!--');
    expect(JSON.stringify(stateOf(page!.state))).toContain(JSON.stringify(attack));
  });

  it('declines when a read is missing or not what the app expects', async () => {
    const user = buildUser();
    const stats = buildDashboardStats();
    expect(await renderPage({ url: '/dashboard', user, data: { '/stats': stats } })).toBeNull();
    expect(
      await renderPage({
        url: '/dashboard',
        user,
        data: { '/stats': { ...stats, totalPrayers: 'many' }, '/stats/daily': INSPIRATION },
      }),
    ).toBeNull();
    expect(await renderPage({ url: '/journals', user, data: {} })).toBeNull();
  });

  it("keeps concurrent renders apart: each page is its own user's", async () => {
    const users = [buildUser(), buildUser(), buildUser()];
    const pages = await Promise.all(
      users.map((user, i) =>
        renderPage({
          url: '/dashboard',
          user,
          data: {
            '/stats': buildDashboardStats({ totalPrayers: 1000 + i }),
            '/stats/daily': INSPIRATION,
          },
        }),
      ),
    );
    pages.forEach((page, i) => {
      expect(page!.html).toContain(users[i]!.email);
      expect(page!.html).toContain(String(1000 + i));
      for (const other of users.filter((_, j) => j !== i))
        expect(page!.html).not.toContain(other.email);
    });
  });
});

describe('adoptServerState', () => {
  afterEach(() => document.getElementById(SERVER_STATE_ID)?.remove());

  async function pageFor(userId: string) {
    const user = buildUser({ _id: userId });
    const page = await renderPage({
      url: '/dashboard',
      user,
      data: { '/stats': buildDashboardStats({ totalPrayers: 7 }), '/stats/daily': INSPIRATION },
    });
    document.body.insertAdjacentHTML('beforeend', page!.state);
  }

  it("seeds the cache with the page's data when it was rendered for the signed-in user", async () => {
    const user = buildUser();
    await pageFor(user._id);
    const client = new QueryClient();
    expect(adoptServerState(client, user._id)).toBe(true);
    expect(client.getQueryData(['stats', 'dashboard'])).toMatchObject({ totalPrayers: 7 });
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
  });

  it("does not read the page's data again as the live page mounts, for a while", async () => {
    const user = buildUser();
    // Rendered by a server whose clock is an hour behind this browser's.
    vi.useFakeTimers({ now: Date.now() - 3_600_000, toFake: ['Date'] });
    try {
      await pageFor(user._id);
    } finally {
      vi.useRealTimers();
    }
    const client = createQueryClient();
    expect(adoptServerState(client, user._id)).toBe(true);
    const queryFn = vi.fn(async () => buildDashboardStats({ totalPrayers: 8 }));
    const observe = () => {
      const observer = new QueryObserver(client, { queryKey: ['stats', 'dashboard'], queryFn });
      return observer.subscribe(() => {});
    };
    const query = client.getQueryCache().find({ queryKey: ['stats', 'dashboard'] })!;
    // Fresh by this browser's clock, whatever the server's said.
    expect(Date.now() - query.state.dataUpdatedAt).toBeLessThan(1_000);
    observe()();
    expect(queryFn).not.toHaveBeenCalled();
    // Once changed (here: invalidated and read again), it is stale at once like any other data.
    await client.invalidateQueries({ queryKey: ['stats', 'dashboard'] });
    const stop = observe();
    await vi.waitFor(() =>
      expect(client.getQueryData(['stats', 'dashboard'])).toMatchObject({ totalPrayers: 8 }),
    );
    stop();
    expect(queryFn).toHaveBeenCalledTimes(1);
    const staleTime = client.getDefaultOptions().queries!.staleTime as (q: typeof query) => number;
    expect(staleTime(query)).toBe(0);
  });

  it('lets data the page arrived with go stale after SEEDED_FRESH_MS', async () => {
    const user = buildUser();
    await pageFor(user._id);
    const client = createQueryClient();
    adoptServerState(client, user._id);
    const query = client.getQueryCache().find({ queryKey: ['stats', 'dashboard'] })!;
    const staleTime = (
      client.getDefaultOptions().queries!.staleTime as (q: typeof query) => number
    )(query);
    expect(staleTime).toBe(SEEDED_FRESH_MS);
    expect(query.isStaleByTime(staleTime)).toBe(false);
    vi.useFakeTimers({ now: Date.now() + SEEDED_FRESH_MS + 1 });
    try {
      expect(query.isStaleByTime(staleTime)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a page rendered for someone else, or for no one signed in here', async () => {
    for (const signedIn of [buildUser()._id, undefined]) {
      await pageFor(buildUser()._id);
      const client = new QueryClient();
      expect(adoptServerState(client, signedIn)).toBe(false);
      expect(client.getQueryData(['stats', 'dashboard'])).toBeUndefined();
      expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
    }
  });

  it('ignores a page without data, or with data it cannot read', () => {
    const client = new QueryClient();
    expect(adoptServerState(client, 'u1')).toBe(false);
    for (const text of ['{not json', '{"userId":"u1"}', 'null']) {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<script type="application/json" id="${SERVER_STATE_ID}">${text}</script>`,
      );
      expect(adoptServerState(client, 'u1'), text).toBe(false);
    }
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
