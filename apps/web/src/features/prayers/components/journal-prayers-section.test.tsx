import type { JournalDetail } from '@selah/shared/schemas/journals';
import type { Prayer } from '@selah/shared/schemas/prayers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { buildJournal, buildJournalDetail, buildPrayer, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { JournalPrayersSection } from './journal-prayers-section';

/** The route puts the practice feature's "Prayed" in each card; tested with the routes. */
const renderPrayed = () => null;

const me = buildUser({ _id: '00000000-0000-4000-8000-0000000000aa' });

function journalWith(prayers: Prayer[], overrides: Partial<JournalDetail> = {}) {
  const answered = prayers.filter((prayer) => prayer.status === 'answered').length;
  return buildJournalDetail({
    owner: me._id,
    prayers,
    prayerCount: prayers.length,
    answeredCount: answered,
    activeCount: prayers.length - answered,
    categories: [...new Set(prayers.map((prayer) => prayer.category))],
    ...overrides,
  });
}

/** GET /prayers?journal= over `prayers`, filtered like the server; records each query. */
function servePrayers(prayers: Prayer[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/prayers`, ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(params);
      const data = prayers.filter(
        (prayer) =>
          (params.status === 'all' || prayer.status === params.status) &&
          (!params.category || prayer.category === params.category) &&
          (!params.search || prayer.title.toLowerCase().includes(params.search.toLowerCase())),
      );
      return HttpResponse.json({ data, nextCursor: null });
    }),
  );
  return queries;
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Prayers' }))
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('JournalPrayersSection', () => {
  beforeEach(() => useAuthStore.setState({ token: 'token', user: me }));

  const prayers = [
    buildPrayer({ title: 'Healing for Dad', category: 'Health', author: me._id }),
    buildPrayer({ title: 'New job', category: 'Career', author: me._id }),
    buildPrayer({
      title: 'Family peace',
      category: 'Family',
      status: 'answered',
      answeredAt: '2026-03-20T09:00:00.000Z',
      author: me._id,
    }),
  ];

  it('shows the first page from the journal without fetching, with the tab counts', async () => {
    const queries = servePrayers(prayers);
    renderComponent(
      <JournalPrayersSection journal={journalWith(prayers)} canEdit renderPrayed={renderPrayed} />,
    );

    expect(screen.getByRole('heading', { name: 'Prayer Points' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Answered (1)' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Healing for Dad', 'New job', 'Family peace']);
    expect(screen.getByRole('button', { name: 'Add New Prayer' })).toBeInTheDocument();
    expect(queries).toHaveLength(0);
  });

  it('filters by tab, category and search through the API', async () => {
    const queries = servePrayers(prayers);
    const { user } = renderComponent(
      <JournalPrayersSection journal={journalWith(prayers)} canEdit renderPrayed={renderPrayed} />,
    );

    await user.click(screen.getByRole('tab', { name: 'Answered (1)' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Family peace']));
    expect(queries.at(-1)).toMatchObject({ status: 'answered' });

    await user.click(screen.getByRole('tab', { name: 'Active (2)' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Healing for Dad', 'New job']));

    // The category list holds the journal's own categories, sorted.
    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Categories',
      'Career',
      'Family',
      'Health',
    ]);
    await user.click(screen.getByRole('option', { name: 'Career' }));
    await waitFor(() => expect(cardTitles()).toEqual(['New job']));
    expect(queries.at(-1)).toMatchObject({ status: 'pending', category: 'Career' });

    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    await user.click(screen.getByRole('option', { name: 'All Categories' }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search prayers' }), 'HEAL');
    await waitFor(() => expect(cardTitles()).toEqual(['Healing for Dad']));
    expect(queries.at(-1)).toMatchObject({ status: 'all', search: 'HEAL' });
    expect(queries.at(-1)).not.toHaveProperty('category');
  });

  it.each([
    ['All', ['No prayers found.']],
    ['Active (0)', ['No active prayers.']],
    ['Answered (0)', ['No answered prayers yet.', 'Keep praying faithfully!']],
  ])('says so when the %s tab is empty', async (tab, texts) => {
    servePrayers([]);
    const { user } = renderComponent(
      <JournalPrayersSection journal={journalWith([])} canEdit renderPrayed={renderPrayed} />,
    );

    await user.click(screen.getByRole('tab', { name: tab }));

    for (const text of texts) expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Prayer' })).toBeInTheDocument();
  });

  it('opens the add-prayer dialog on this journal for its owner', async () => {
    const journal = journalWith(prayers, { title: 'Morning Prayers' });
    server.use(
      http.get(`${API}/journals/get`, () =>
        HttpResponse.json([
          buildJournal({ title: 'Other', membership: 'owner' }),
          { ...buildJournal(), ...journal, membership: 'owner' },
        ]),
      ),
    );
    const { user } = renderComponent(
      <JournalPrayersSection journal={journal} canEdit renderPrayed={renderPrayed} />,
    );

    await user.click(screen.getByRole('button', { name: 'Add New Prayer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add New Prayer' });
    expect(await within(dialog).findByRole('combobox', { name: 'Journal' })).toHaveTextContent(
      'Morning Prayers',
    );
  });

  it('tells a reader who is not the owner that only the owner adds prayers', async () => {
    const { user } = renderComponent(
      <JournalPrayersSection
        journal={journalWith(prayers)}
        canEdit={false}
        renderPrayed={renderPrayed}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Add New Prayer' }));

    await expectToast(
      'Permission Denied',
      'You can only add prayers to your own journal. Please contact the owner to contribute.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the details of a prayer from its card', async () => {
    const { user } = renderComponent(
      <JournalPrayersSection journal={journalWith(prayers)} canEdit renderPrayed={renderPrayed} />,
    );

    await user.click(screen.getByRole('button', { name: 'New job' }));

    const dialog = await screen.findByRole('dialog', { name: 'New job' });
    expect(within(dialog).getByRole('button', { name: 'Mark Answered' })).toBeInTheDocument();
  });

  it('loads further pages on request', async () => {
    const more = buildPrayer({ title: 'Older prayer', author: me._id });
    server.use(
      http.get(`${API}/prayers`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('cursor')).toBe('next-page');
        return HttpResponse.json({ data: [more], nextCursor: null });
      }),
    );
    const { user } = renderComponent(
      <JournalPrayersSection
        journal={journalWith(prayers, { prayersNextCursor: 'next-page' })}
        canEdit
        renderPrayed={renderPrayed}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(cardTitles()).toContain('Older prayer'));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the prayers when a further page fails, and offers Retry', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/prayers`, () =>
        fail
          ? apiError(503, { code: 'SERVICE_UNAVAILABLE', message: 'Try again in a moment.' })
          : HttpResponse.json({
              data: [buildPrayer({ title: 'Older prayer', author: me._id })],
              nextCursor: null,
            }),
      ),
    );
    const { user } = renderComponent(
      <JournalPrayersSection
        journal={journalWith(prayers, { prayersNextCursor: 'next-page' })}
        canEdit
        renderPrayed={renderPrayed}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a moment.');
    expect(cardTitles()).toContain('New job');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cardTitles()).toContain('Older prayer'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
