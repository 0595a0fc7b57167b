import type { Journal } from '@selah/shared/schemas/journals';
import { JournalListSchema, JournalSchema } from '@selah/shared/schemas/journals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { buildJournal, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';

function serveJournals(journals: Journal[]) {
  server.use(
    http.get(`${API}/journals/get`, () => HttpResponse.json(JournalListSchema.parse(journals))),
  );
}

const JOURNALS = [
  buildJournal({ title: 'Morning Prayers', isPrivate: true }),
  buildJournal({ title: 'Evening Psalms', isPrivate: true }),
  buildJournal({ title: 'Church Family', isPrivate: false, membership: 'member' }),
];

function cardTitles() {
  return screen
    .getAllByTestId('journal-card')
    .map((card) => within(card).getByRole('link').textContent);
}

describe('/journals', () => {
  it('shows the journals in tabs with their counts, followed by the create card', async () => {
    serveJournals(JOURNALS);
    const { user } = await renderRoute('/journals', { user: buildUser() });

    expect(screen.getByRole('heading', { level: 1, name: 'My Journals' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All Journals (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'My Journals (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Shared (1)' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Morning Prayers', 'Evening Psalms', 'Church Family']);
    const grid = screen.getByRole('list', { name: 'All Journals' });
    const items = within(grid).getAllByRole('listitem');
    expect(items.at(-1)).toHaveTextContent('Create New Journal');

    await user.click(screen.getByRole('tab', { name: 'My Journals (2)' }));
    expect(cardTitles()).toEqual(['Morning Prayers', 'Evening Psalms']);
    expect(currentUrl()).toBe('/journals?tab=mine');

    await user.click(screen.getByRole('tab', { name: 'Shared (1)' }));
    expect(cardTitles()).toEqual(['Church Family']);
  });

  it('links each card to its journal', async () => {
    const [journal] = JOURNALS;
    serveJournals([journal!]);
    await renderRoute('/journals', { user: buildUser() });

    expect(await screen.findByRole('link', { name: 'Morning Prayers' })).toHaveAttribute(
      'href',
      `/journal/${journal!._id}`,
    );
  });

  it('searches titles case-insensitively and counts what matches', async () => {
    serveJournals(JOURNALS);
    const { user } = await renderRoute('/journals', { user: buildUser() });

    await user.type(await screen.findByRole('searchbox', { name: 'Search journals' }), 'PRAY');

    expect(screen.getByRole('tab', { name: 'All Journals (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Journals (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Shared (0)' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Morning Prayers']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search journals' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search journals' }), 'nothing like it');
    expect(screen.getByText('No journals found.')).toBeInTheDocument();
  });

  it('says so when a tab is empty', async () => {
    serveJournals([]);
    const { user } = await renderRoute('/journals', { user: buildUser() });

    expect(await screen.findByText('No journals found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Journal' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My Journals (0)' }));
    expect(screen.getByText('No personal journals found.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Shared (0)' }));
    expect(screen.getByText('No shared journals found.')).toBeInTheDocument();
    expect(
      screen.getByText('Join a shared journal or invite others to yours!'),
    ).toBeInTheDocument();
  });

  it('drops entries without an id or a title', async () => {
    const broken = [
      JournalSchema.parse({ ...buildJournal(), _id: '' }),
      JournalSchema.parse({ ...buildJournal(), title: '  ' }),
    ];
    serveJournals([...broken, buildJournal({ title: 'Kept' })]);
    await renderRoute('/journals', { user: buildUser() });

    expect(await screen.findByRole('tab', { name: 'All Journals (1)' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Kept']);
  });

  it('shows skeletons while loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/journals/get`, async () => {
        await gate;
        return HttpResponse.json([]);
      }),
    );
    await renderRoute('/journals', { user: buildUser() });

    expect(screen.getByRole('status')).toHaveTextContent('Loading journals...');
    expect(document.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    release();
    expect(await screen.findByText('No journals found.')).toBeInTheDocument();
  });

  it('shows the error in the page and a toast when the journals cannot load', async () => {
    server.use(
      http.get(`${API}/journals/get`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    await renderRoute('/journals', { user: buildUser() });

    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Internal Server Error');
    expect(await screen.findByText('Failed to load journals.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('creates a journal from a template and shows it in the refreshed list', async () => {
    const journals: Journal[] = [];
    let body: unknown;
    server.use(
      http.get(`${API}/journals/get`, () => HttpResponse.json(journals)),
      http.post(`${API}/journals`, async ({ request }) => {
        body = await request.json();
        const created = buildJournal({ title: 'Daily Devotional' });
        journals.push(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = await renderRoute('/journals', { user: buildUser() });

    await user.click(await screen.findByRole('button', { name: 'New Journal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Journal' });
    await user.click(within(dialog).getByRole('button', { name: /^Daily Devotional/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Journal' }));

    expect(await screen.findByText('Journal created!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Daily Devotional' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Journals (1)' })).toBeInTheDocument();
    expect(body).toMatchObject({ title: 'Daily Devotional', isPrivate: true });
  });

  it('opens the create dialog from the create card', async () => {
    serveJournals([]);
    const { user } = await renderRoute('/journals', { user: buildUser() });

    await user.click(await screen.findByRole('button', { name: 'Create New Journal' }));

    expect(await screen.findByRole('dialog', { name: 'Create New Journal' })).toBeInTheDocument();
  });
});
