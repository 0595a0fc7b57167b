import {
  DiscoverOverviewSchema,
  JournalPageSchema,
  type DiscoverOverview,
  type Journal,
} from '@selah/shared/schemas/journals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { buildJournal, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';

const publicJournal = (overrides: Partial<Journal>) =>
  buildJournal({ isPrivate: false, membership: 'none', ...overrides });

/** Serves GET /journals/public by tab and records every query string it was asked. */
function servePublic(byTab: Partial<Record<string, Journal[]>>) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/journals/public`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const search = params.get('search')?.toLowerCase() ?? '';
      const category = params.get('category');
      const data = (byTab[params.get('tab') ?? 'popular'] ?? []).filter(
        (journal) =>
          journal.title.toLowerCase().includes(search) &&
          (!category || journal.category === category),
      );
      return HttpResponse.json(JournalPageSchema.parse({ data, nextCursor: null }));
    }),
  );
  return requests;
}

function serveOverview(overview: DiscoverOverview) {
  server.use(
    http.get(`${API}/journals/discover`, () =>
      HttpResponse.json(DiscoverOverviewSchema.parse(overview)),
    ),
  );
}

function cardTitles() {
  return screen
    .getAllByTestId('journal-card')
    .map((card) => within(card).getByRole('link').textContent);
}

describe('/discover', () => {
  it('shows each tab with its own journals and empty message', async () => {
    servePublic({
      popular: [publicJournal({ title: 'Prayer Chain' }), publicJournal({ title: 'Missions' })],
      new: [publicJournal({ title: 'Fresh Start' })],
      trending: [],
    });
    const { user } = await renderRoute('/discover', { user: buildUser() });

    expect(screen.getByRole('heading', { level: 1, name: 'Discover' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search public journals' })).toHaveAttribute(
      'placeholder',
      'Search public journals...',
    );
    expect(await screen.findByRole('link', { name: 'Prayer Chain' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Prayer Chain', 'Missions']);

    await user.click(screen.getByRole('tab', { name: 'New' }));
    expect(await screen.findByRole('link', { name: 'Fresh Start' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Fresh Start']);
    expect(currentUrl()).toBe('/discover?tab=new');

    await user.click(screen.getByRole('tab', { name: 'Trending' }));
    expect(await screen.findByText('No trending journals found.')).toBeInTheDocument();
  });

  it.each([
    ['popular', 'No popular journals found.'],
    ['new', 'No new journals found.'],
    ['trending', 'No trending journals found.'],
  ])('says so when the %s tab is empty', async (tab, text) => {
    servePublic({});
    await renderRoute(`/discover?tab=${tab}`, { user: buildUser() });

    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows the loading text with skeleton cards', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/journals/public`, async () => {
        await gate;
        return HttpResponse.json({ data: [], nextCursor: null });
      }),
    );
    await renderRoute('/discover', { user: buildUser() });

    expect(screen.getByText('Loading public journals...')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    release();
    expect(await screen.findByText('No popular journals found.')).toBeInTheDocument();
  });

  it('searches on the server', async () => {
    const requests = servePublic({
      popular: [publicJournal({ title: 'Prayer Chain' }), publicJournal({ title: 'Missions' })],
    });
    const { user } = await renderRoute('/discover', { user: buildUser() });
    await screen.findByRole('link', { name: 'Missions' });

    await user.type(screen.getByRole('searchbox', { name: 'Search public journals' }), 'chain');

    await waitFor(() => expect(cardTitles()).toEqual(['Prayer Chain']));
    expect(requests.at(-1)?.get('search')).toBe('chain');
    expect(currentUrl()).toBe('/discover?q=chain');
  });

  it('shows an error text and a toast when the journals cannot load', async () => {
    server.use(
      http.get(`${API}/journals/public`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    await renderRoute('/discover', { user: buildUser() });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load public journals. Please try again.');
    await waitFor(() =>
      expect(screen.getAllByText('Failed to load public journals. Please try again.')).toHaveLength(
        2,
      ),
    );
  });

  it('lists the categories with their counts and filters by one', async () => {
    const requests = servePublic({
      popular: [
        publicJournal({ title: 'Prayer Chain', category: 'World Events' }),
        publicJournal({ title: 'Home', category: 'Family' }),
      ],
    });
    serveOverview({
      categories: [
        { category: 'Family', count: 7 },
        { category: 'World Events', count: 2 },
      ],
      featured: null,
    });
    const { user } = await renderRoute('/discover', { user: buildUser() });

    const panel = await screen.findByRole('list', { name: 'Categories' });
    const buttons = within(panel).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Family7 journals',
      'World Events2 journals',
    ]);

    await user.click(within(panel).getByRole('button', { name: /World Events/ }));

    await waitFor(() => expect(cardTitles()).toEqual(['Prayer Chain']));
    expect(within(panel).getByRole('button', { name: /World Events/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(requests.at(-1)?.get('category')).toBe('World Events');

    await user.click(screen.getByRole('button', { name: 'Clear category' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Prayer Chain', 'Home']));
  });

  it('says when there are no categories and shows no featured journal without one', async () => {
    servePublic({});
    await renderRoute('/discover', { user: buildUser() });

    expect(await screen.findByText('No categories available.')).toBeInTheDocument();
    expect(screen.queryByText('Featured Journal')).not.toBeInTheDocument();
  });

  it('features the most active journal with its real member count', async () => {
    servePublic({});
    const featured = publicJournal({ title: 'Prayer Chain', memberCount: 3542 });
    serveOverview({ categories: [], featured: { ...featured, recentActivity: 5 } });
    await renderRoute('/discover', { user: buildUser() });

    expect(await screen.findByText('Featured Journal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prayer Chain' })).toBeInTheDocument();
    expect(screen.getByText('3,542 members')).toBeInTheDocument();
    expect(screen.getByText('Active now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Journal: Prayer Chain' })).toHaveAttribute(
      'href',
      `/journal/${featured._id}`,
    );
  });

  it("does not claim 'Active now' for a quiet featured journal", async () => {
    servePublic({});
    const featured = publicJournal({ title: 'Quiet Place', memberCount: 1 });
    serveOverview({ categories: [], featured: { ...featured, recentActivity: 0 } });
    await renderRoute('/discover', { user: buildUser() });

    expect(await screen.findByText('1 member')).toBeInTheDocument();
    expect(screen.queryByText('Active now')).not.toBeInTheDocument();
  });

  it('joins a journal from the list; its button becomes Member', async () => {
    const journal = publicJournal({ title: 'Prayer Chain' });
    let joined = false;
    server.use(
      http.get(`${API}/journals/public`, () =>
        HttpResponse.json({
          data: [{ ...journal, membership: joined ? 'member' : 'none' }],
          nextCursor: null,
        }),
      ),
      http.post(`${API}/journals/${journal._id}/join`, () => {
        joined = true;
        return HttpResponse.json({
          message: 'You joined the journal.',
          journal: { ...journal, membership: 'member', memberCount: journal.memberCount + 1 },
        });
      }),
    );
    const { user } = await renderRoute('/discover', { user: buildUser() });

    await user.click(await screen.findByRole('button', { name: 'Join Journal' }));

    expect(await screen.findByRole('button', { name: 'Member' })).toBeDisabled();
    expect(currentUrl()).toBe('/discover');
  });

  it('loads the next page with the Load more button', async () => {
    const first = publicJournal({ title: 'Page One' });
    const second = publicJournal({ title: 'Page Two' });
    server.use(
      http.get(`${API}/journals/public`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === 'next'
            ? { data: [second], nextCursor: null }
            : { data: [first], nextCursor: 'next' },
        );
      }),
    );
    const { user } = await renderRoute('/discover', { user: buildUser() });

    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Page Two' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Page One', 'Page Two']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
