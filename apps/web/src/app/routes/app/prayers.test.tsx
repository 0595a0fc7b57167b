import type { Prayer } from '@selah/shared/schemas/prayers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPrayer, buildPrayerSummary, buildRhythm, buildUser } from '@/testing/factories';
import { API } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';
import { currentUrl, renderRoute } from '../../testing/render-route';

const me = buildUser();

const prayers: Prayer[] = [
  buildPrayer({ title: 'Healing for Dad', category: 'Health', journalTitle: 'Family' }),
  buildPrayer({ title: 'New job', category: 'Career', journalTitle: 'Work' }),
  buildPrayer({
    title: 'Family peace',
    category: 'Family',
    status: 'answered',
    answeredAt: '2026-03-20T09:00:00.000Z',
  }),
];

const summary = buildPrayerSummary({
  total: 3,
  active: 2,
  answered: 1,
  byCategory: [
    { category: 'Career', count: 1 },
    { category: 'Health', count: 5 },
    { category: 'Family', count: 2 },
  ],
  streak: 3,
  last7Days: [
    { date: '2026-03-09', active: false },
    { date: '2026-03-10', active: true },
    { date: '2026-03-11', active: false },
    { date: '2026-03-12', active: false },
    { date: '2026-03-13', active: true },
    { date: '2026-03-14', active: true },
    { date: '2026-03-15', active: true },
  ],
});

/** GET /prayers/user over `prayers`, filtered like the server; records each query. */
function serve() {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/prayers/user/summary`, () => HttpResponse.json(summary)),
    http.get(`${API}/prayers/user`, ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(params);
      const data = prayers.filter(
        (prayer) =>
          (params.status === 'all' ||
            (params.status === 'active'
              ? prayer.status === 'pending'
              : prayer.status === 'answered')) &&
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

describe('/prayers (Prayer Points)', () => {
  it('opens on the active tab with the counts from the summary', async () => {
    serve();
    await renderRoute('/prayers', { user: me });

    expect(screen.getByRole('heading', { level: 1, name: 'Prayer Points' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Active (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Answered (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (3)' })).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Healing for Dad', 'New job']));
    expect(screen.getByRole('button', { name: 'Add New Prayer' })).toBeInTheDocument();
  });

  it('shows the rhythm view in place of the 7-day bars: the streak, and each day in words', async () => {
    serve();
    const rhythm = buildRhythm({ streak: 3 });
    const set = (day: string, patch: Partial<(typeof rhythm.days)[number]>) =>
      Object.assign(
        rhythm.days.find((d) => d.day === day)!,
        patch,
      );
    set('2026-03-15', { count: 1 });
    set('2026-03-14', { rest: true });
    set('2026-03-13', { count: 4 });
    set('2026-03-12', { count: 2, late: true });
    server.use(http.get(`${API}/stats/rhythm`, () => HttpResponse.json(rhythm)));
    await renderRoute('/prayers', { user: me });

    const stats = await screen.findByRole('region', { name: 'Prayer Stats' });
    expect(within(stats).getByText('2 of 3 · 67%')).toBeInTheDocument();
    expect(within(stats).queryByRole('list', { name: 'Last 7 days' })).not.toBeInTheDocument();
    const view = await screen.findByRole('region', { name: 'Prayer rhythm' });
    expect(within(view).getByTestId('rhythm-streak')).toHaveTextContent('Streak: 3 days');
    expect(
      within(view).getByText(
        'You prayed on 3 of the last 84 days. Streak: 3 days, with 1 rest day.',
      ),
    ).toBeInTheDocument();
    const cells = within(view).getAllByRole('img');
    expect(cells).toHaveLength(84 - 5); // the 5 missed days of the last 7 can be filled in
    expect(
      within(view).getByRole('img', { name: 'Today, Sunday, March 15: prayed 1 time' }),
    ).toBeInTheDocument();
    expect(
      within(view).getByRole('button', {
        name: 'Saturday, March 14: rest day, the streak holds. I prayed that day: fill it in',
      }),
    ).toBeInTheDocument();
    expect(
      within(view).getByRole('img', { name: 'Friday, March 13: prayed 4 times' }),
    ).toBeInTheDocument();
    expect(
      within(view).getByRole('img', {
        name: 'Thursday, March 12: prayed 2 times, filled in later',
      }),
    ).toBeInTheDocument();
    expect(
      within(view).getByRole('button', {
        name: 'Wednesday, March 11: not prayed. I prayed that day: fill it in',
      }),
    ).toBeInTheDocument();
    // Eight days back is too late to fill in.
    expect(
      within(view).getByRole('img', { name: 'Saturday, March 7: not prayed' }),
    ).toBeInTheDocument();

    // Headings descend one level at a time (Lighthouse's heading-order): the page, the list of
    // prayers, each prayer, the rhythm view.
    await waitFor(() => expect(cardTitles()).toEqual(['Healing for Dad', 'New job']));
    const levels = screen
      .getAllByRole('heading')
      .map((h) => [Number(h.tagName.slice(1)), h.textContent] as const);
    expect(levels.slice(0, 2)).toEqual([
      [1, 'Prayer Points'],
      [2, 'Your prayers'],
    ]);
    levels.reduce((previous, [level, text]) => {
      expect(level, `${text} after a level ${previous} heading`).toBeLessThanOrEqual(previous + 1);
      return level;
    }, 1);
  });

  it('fills in a missed day with the most recent active prayer ("any")', async () => {
    serve();
    const posted: { id: string; body: unknown }[] = [];
    server.use(
      http.post(`${API}/prayers/:id/prayed`, async ({ params, request }) => {
        posted.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json(
          {
            id: '40000000-0000-4000-8000-000000000001',
            kind: 'prayer',
            targetId: String(params.id),
            day: '2026-03-11',
            late: true,
            occurredAt: '2026-03-15T09:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderRoute('/prayers', { user: me });
    const view = await screen.findByRole('region', { name: 'Prayer rhythm' });
    await user.click(
      within(view).getByRole('button', { name: /^Wednesday, March 11: not prayed/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'I prayed that day' });
    expect(
      await within(dialog).findByRole('radio', { name: 'Healing for Dad' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Any of my prayers' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Fill in' }));
    await expectToast('Filled in', 'Wednesday, March 11 is marked as prayed.');
    expect(posted).toEqual([{ id: prayers[0]!._id, body: { day: '2026-03-11' } }]);
  });

  it('on Free, a streak at the 7-day window reads 7+ days with an Upgrade link', async () => {
    serve();
    server.use(
      http.get(`${API}/stats/rhythm`, () =>
        HttpResponse.json(buildRhythm({ streak: 7, statsWindowDays: 7 })),
      ),
    );
    const { user } = await renderRoute('/prayers', { user: me });

    const view = await screen.findByRole('region', { name: 'Prayer rhythm' });
    expect(within(view).getByTestId('rhythm-streak')).toHaveTextContent('7+ days');
    expect(
      within(view).getByText('Free statistics count a streak up to 7 days.', { exact: false }),
    ).toBeInTheDocument();
    await user.click(within(view).getByRole('link', { name: 'Upgrade' }));
    await waitFor(() => expect(currentUrl()).toBe('/pricing'));
  });

  it('on Free, a streak below the window needs no note', async () => {
    serve();
    server.use(
      http.get(`${API}/stats/rhythm`, () =>
        HttpResponse.json(buildRhythm({ streak: 3, statsWindowDays: 7 })),
      ),
    );
    await renderRoute('/prayers', { user: me });

    const view = await screen.findByRole('region', { name: 'Prayer rhythm' });
    expect(within(view).getByTestId('rhythm-streak')).toHaveTextContent('3 days');
    expect(within(view).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('counts prayers per category, most first', async () => {
    serve();
    await renderRoute('/prayers', { user: me });

    const panel = await screen.findByRole('region', { name: 'Categories' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Health5', 'Family2', 'Career1']);
  });

  it('honours ?tab=answered and keeps tab, category and search in the address', async () => {
    const queries = serve();
    const { user } = await renderRoute('/prayers?tab=answered', { user: me });

    expect(await screen.findByRole('tab', { name: 'Answered (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(cardTitles()).toEqual(['Family peace']));

    await user.click(screen.getByRole('tab', { name: 'All (3)' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    expect(currentUrl()).toBe('/prayers?tab=all');

    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Categories',
      'Personal',
      'Family',
      'Health',
      'Career',
      'Ministry',
      'Finances',
      'Relationships',
      'Education',
      'World Events',
    ]);
    await user.click(screen.getByRole('option', { name: 'Career' }));
    await waitFor(() => expect(cardTitles()).toEqual(['New job']));
    expect(queries.at(-1)).toMatchObject({ status: 'all', category: 'Career' });

    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    await user.click(screen.getByRole('option', { name: 'All Categories' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search prayers' }), 'peace');
    await waitFor(() => expect(cardTitles()).toEqual(['Family peace']));
    expect(queries.at(-1)).toMatchObject({ status: 'all', search: 'peace' });
    expect(currentUrl()).toBe('/prayers?tab=all&q=peace');
  });

  it('shows the empty texts', async () => {
    const { user } = await renderRoute('/prayers', { user: me });

    expect(await screen.findByText('No active prayers.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Answered (0)' }));
    expect(await screen.findByText('No answered prayers yet.')).toBeInTheDocument();
    expect(screen.getByText('Keep praying faithfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All (0)' }));
    expect(await screen.findByText('No prayers found.')).toBeInTheDocument();
    expect(screen.getByText('0 days')).toBeInTheDocument();
    expect(screen.getByText('No categories yet.')).toBeInTheDocument();
  });

  it('opens the add-prayer dialog from the add card and the header button', async () => {
    serve();
    const { user } = await renderRoute('/prayers', { user: me });

    await user.click(await screen.findByRole('button', { name: 'Add New Prayer' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Prayer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New Prayer' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Prayer' })).toBeInTheDocument();
  });

  it('says when the prayers cannot be loaded', async () => {
    server.use(
      http.get(`${API}/prayers/user`, () => new HttpResponse(null, { status: 500 })),
      http.get(`${API}/prayers/user/summary`, () => new HttpResponse(null, { status: 500 })),
    );
    await renderRoute('/prayers', { user: me });

    await waitFor(() =>
      expect(screen.getAllByText('Failed to load prayers. Please try again.')).toHaveLength(2),
    );
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
    await expectToast('Error', 'Failed to load prayers. Please try again.');
  });
});
