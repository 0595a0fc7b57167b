import {
  GroupListSchema,
  GroupResponseSchema,
  type PrayerGroup,
} from '@selah/shared/schemas/groups';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import { buildJournal, buildUser } from '@/testing/factories';
import { buildGroup } from '@/testing/group-factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';

const me = buildUser({ firstName: 'Ruth' });

const circle = buildGroup({
  name: 'Tuesday Circle',
  description: 'We pray for the city every Tuesday.',
  memberCount: 12,
  membership: 'admin',
  userIsAdmin: true,
});
const hidden = buildGroup({
  name: 'Elders',
  description: 'Private prayer for the elders.',
  isPublic: false,
  memberCount: 1,
  membership: 'member',
});
const open = buildGroup({
  name: 'Healing Chain',
  description: 'Praying for the sick.',
  memberCount: 3,
  membership: 'none',
});

/** Serves GET /prayer-groups per scope (searching name and description) and records queries. */
function serveGroups(groups: Partial<Record<'all' | 'mine' | 'suggested', PrayerGroup[]>>) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/prayer-groups`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const scope = (params.get('scope') ?? 'all') as 'all' | 'mine' | 'suggested';
      const search = params.get('search')?.toLowerCase() ?? '';
      const data = (groups[scope] ?? []).filter(
        (group) =>
          group.name.toLowerCase().includes(search) ||
          group.description.toLowerCase().includes(search),
      );
      return HttpResponse.json(GroupListSchema.parse({ data, nextCursor: null }));
    }),
  );
  return requests;
}

describe('/prayer-groups', () => {
  it('lists the groups with name, description, Public/Private and member count', async () => {
    serveGroups({ all: [circle, hidden, open] });
    await renderRoute('/prayer-groups', { user: me });

    expect(screen.getByRole('heading', { level: 1, name: 'Prayer Groups' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Prayer groups' });
    const cards = within(list).getAllByTestId('group-card');
    expect(cards).toHaveLength(3);

    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Tuesday Circle' })).toHaveAttribute(
      'href',
      `/prayer-groups/${circle._id}`,
    );
    expect(within(first).getByText('We pray for the city every Tuesday.')).toBeInTheDocument();
    expect(within(first).getByText('Public')).toBeInTheDocument();
    expect(within(first).getByText('12 members')).toBeInTheDocument();
    expect(within(first).getByText('Admin')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();

    expect(within(cards[1]!).getByText('Private')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1 member')).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: 'Join Healing Chain' })).toBeEnabled();
  });

  it("says 'Private journal' on a group whose journal the user may not read", async () => {
    serveGroups({ all: [buildGroup({ name: 'Quiet Room', journalTitle: null })] });
    await renderRoute('/prayer-groups', { user: me });

    const card = await screen.findByTestId('group-card');
    expect(within(card).getByText('Private journal')).toBeInTheDocument();
  });

  it('loads more groups with the cursor on Load more', async () => {
    const first = buildGroup({ name: 'First Page Group' });
    const second = buildGroup({ name: 'Second Page Group' });
    const cursors: (string | null)[] = [];
    server.use(
      http.get(`${API}/prayer-groups`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('scope') !== 'all') {
          return HttpResponse.json(GroupListSchema.parse({ data: [], nextCursor: null }));
        }
        const cursor = params.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(
          GroupListSchema.parse(
            cursor === 'page-2'
              ? { data: [second], nextCursor: null }
              : { data: [first], nextCursor: 'page-2' },
          ),
        );
      }),
    );
    const { user } = await renderRoute('/prayer-groups', { user: me });

    const list = await screen.findByRole('list', { name: 'Prayer groups' });
    expect(within(list).getAllByTestId('group-card')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(
      await within(list).findByRole('link', { name: 'Second Page Group' }),
    ).toBeInTheDocument();
    expect(within(list).getAllByTestId('group-card')).toHaveLength(2);
    expect(cursors).toEqual([null, 'page-2']);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the groups it has when a further page fails, and can try again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/prayer-groups`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('scope') !== 'all') {
          return HttpResponse.json(GroupListSchema.parse({ data: [], nextCursor: null }));
        }
        if (!params.get('cursor')) {
          return HttpResponse.json(GroupListSchema.parse({ data: [circle], nextCursor: 'page-2' }));
        }
        return fail
          ? apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' })
          : HttpResponse.json(GroupListSchema.parse({ data: [open], nextCursor: null }));
      }),
    );
    const { user } = await renderRoute('/prayer-groups', { user: me });

    const list = await screen.findByRole('list', { name: 'Prayer groups' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expectToast('Error', 'Internal Server Error');
    expect(within(list).getByRole('link', { name: 'Tuesday Circle' })).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(list).findByRole('link', { name: 'Healing Chain' })).toBeInTheDocument();
  });

  it("says 'No prayer groups found.' when there are none", async () => {
    await renderRoute('/prayer-groups', { user: me });

    expect(await screen.findByText('No prayer groups found.')).toBeInTheDocument();
  });

  it('does not ask a Free user to create the first group when there are none', async () => {
    const free = buildUser({ plan: 'free' });
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(free)));
    await renderRoute('/prayer-groups', { user: free });

    expect(await screen.findByText('No prayer groups found.')).toBeInTheDocument();
    expect(screen.queryByText(/Create the first one/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/Groups you are invited to, and public groups your friends pray in/),
    ).toBeInTheDocument();
  });

  it('searches by name or description on the server', async () => {
    const requests = serveGroups({ all: [circle, hidden, open] });
    const { user } = await renderRoute('/prayer-groups', { user: me });
    await screen.findByRole('list', { name: 'Prayer groups' });

    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'sick');

    await waitFor(() =>
      expect(screen.getAllByTestId('group-card').map((card) => card.textContent)).toEqual([
        expect.stringContaining('Healing Chain'),
      ]),
    );
    const searches = requests.filter((params) => params.get('scope') === 'all');
    expect(searches.at(-1)?.get('search')).toBe('sick');
    // Debounced: not one request per keystroke.
    expect(searches.length).toBeLessThan(4);
    expect(window.location.search).toBe('?q=sick');

    await user.clear(screen.getByRole('searchbox', { name: 'Search groups' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'nothing like it');
    expect(await screen.findByText('No prayer groups found.')).toBeInTheDocument();
  });

  it('starts from the search in the address', async () => {
    const requests = serveGroups({ all: [circle, open] });
    await renderRoute('/prayer-groups?q=tuesday', { user: me });

    expect(screen.getByRole('searchbox', { name: 'Search groups' })).toHaveValue('tuesday');
    expect(await screen.findByRole('link', { name: 'Tuesday Circle' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Healing Chain' })).not.toBeInTheDocument();
    expect(requests.find((params) => params.get('scope') === 'all')?.get('search')).toBe('tuesday');
  });

  it("shows 'My Groups' and 'Suggested Groups' from the server", async () => {
    const requests = serveGroups({
      all: [circle, open],
      mine: [circle, hidden],
      suggested: [open],
    });
    await renderRoute('/prayer-groups', { user: me });

    const mine = await screen.findByRole('list', { name: 'My Groups' });
    expect(within(mine).getByRole('link', { name: 'Tuesday Circle' })).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: /Elders/ })).toBeInTheDocument();
    expect(within(mine).getByRole('img', { name: 'Private' })).toBeInTheDocument();

    const suggested = await screen.findByRole('list', { name: 'Suggested Groups' });
    expect(within(suggested).getByRole('link', { name: 'Healing Chain' })).toHaveAttribute(
      'href',
      `/prayer-groups/${open._id}`,
    );
    expect(within(suggested).getByRole('button', { name: 'Join Healing Chain' })).toBeEnabled();
    // One list per scope (StrictMode may mount a query twice and refetch a fresh answer).
    expect([...new Set(requests.map((params) => params.get('scope')))].sort()).toEqual([
      'all',
      'mine',
      'suggested',
    ]);
  });

  it('gives each panel its own empty text', async () => {
    await renderRoute('/prayer-groups', { user: me });

    const mine = await screen.findByRole('region', { name: 'My Groups' });
    expect(
      await within(mine).findByText('You have not joined any prayer groups yet.'),
    ).toBeInTheDocument();
    const suggested = screen.getByRole('region', { name: 'Suggested Groups' });
    expect(
      await within(suggested).findByText(
        'No suggestions yet. Public groups your friends join will appear here.',
      ),
    ).toBeInTheDocument();
  });

  it('joins a public group from the list', async () => {
    let joined = false;
    server.use(
      http.get(`${API}/prayer-groups`, () =>
        HttpResponse.json(
          GroupListSchema.parse({
            data: [
              joined ? { ...open, membership: 'member', memberCount: open.memberCount + 1 } : open,
            ],
            nextCursor: null,
          }),
        ),
      ),
      http.post(`${API}/prayer-groups/${open._id}/join`, () => {
        joined = true;
        return HttpResponse.json(
          GroupResponseSchema.parse({ data: { ...open, membership: 'member', memberCount: 4 } }),
        );
      }),
    );
    const { user } = await renderRoute('/prayer-groups', { user: me });
    const list = await screen.findByRole('list', { name: 'Prayer groups' });

    await user.click(within(list).getByRole('button', { name: 'Join Healing Chain' }));

    await expectToast('Joined prayer group', 'You are now a member of "Healing Chain".');
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: 'Join Healing Chain' })).toBeNull(),
    );
    expect(within(list).getByText('4 members')).toBeInTheDocument();
    expect(within(list).getByText('Member')).toBeInTheDocument();
  });

  it("shows the server's reason when joining fails", async () => {
    serveGroups({ all: [open] });
    server.use(
      http.post(`${API}/prayer-groups/${open._id}/join`, () =>
        apiError(404, { code: 'NOT_FOUND', message: 'Prayer group not found.' }),
      ),
    );
    const { user } = await renderRoute('/prayer-groups', { user: me });
    const list = await screen.findByRole('list', { name: 'Prayer groups' });

    await user.click(within(list).getByRole('button', { name: 'Join Healing Chain' }));

    await expectToast('Failed to join group', 'Prayer group not found.');
  });

  it('shows an error with a retry when the groups cannot load', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/prayer-groups`, ({ request }) => {
        const scope = new URL(request.url).searchParams.get('scope');
        if (scope === 'all' && fail) {
          return apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' });
        }
        return HttpResponse.json(
          GroupListSchema.parse({ data: scope === 'all' ? [circle] : [], nextCursor: null }),
        );
      }),
    );
    const { user } = await renderRoute('/prayer-groups', { user: me });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load prayer groups. Please try again.');
    expect(alert).toHaveTextContent('Internal Server Error');
    await expectToast('Error', 'Failed to load prayer groups. Please try again.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Tuesday Circle' })).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/prayer-groups`, async () => {
        await gate;
        return HttpResponse.json(GroupListSchema.parse({ data: [circle], nextCursor: null }));
      }),
    );
    await renderRoute('/prayer-groups', { user: me });

    expect(screen.getByText('Loading prayer groups...')).toBeInTheDocument();
    expect(screen.getByText('Loading my groups...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('list', { name: 'Prayer groups' })).toBeInTheDocument();
  });

  it('creates a group from the New Prayer Group dialog and shows it', async () => {
    const journal = buildJournal({ title: 'Morning Prayers', membership: 'owner' });
    const created: PrayerGroup[] = [];
    server.use(
      http.get(`${API}/journals/get`, () => HttpResponse.json([journal])),
      http.get(`${API}/prayer-groups`, () =>
        HttpResponse.json(GroupListSchema.parse({ data: created, nextCursor: null })),
      ),
      http.post(`${API}/prayer-groups`, async ({ request }) => {
        const body = (await request.json()) as { name: string; description: string };
        const group = buildGroup({
          ...body,
          journalId: journal._id,
          journalTitle: journal.title,
          membership: 'admin',
          userIsAdmin: true,
        });
        created.push(group);
        return HttpResponse.json(GroupResponseSchema.parse({ data: group }), { status: 201 });
      }),
    );
    const { user } = await renderRoute('/prayer-groups', { user: me });
    expect(await screen.findByText('No prayer groups found.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Prayer Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Prayer Group' });
    await user.type(within(dialog).getByLabelText('Group name'), 'Dawn Watch');
    await user.type(within(dialog).getByLabelText('Description'), 'Praying at first light.');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Journal' }));
    await user.click(await screen.findByRole('option', { name: 'Morning Prayers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));

    await expectToast('Prayer group created!');
    const list = await screen.findByRole('list', { name: 'Prayer groups' });
    expect(within(list).getByRole('link', { name: 'Dawn Watch' })).toBeInTheDocument();
    expect(
      within(await screen.findByRole('list', { name: 'My Groups' })).getByRole('link', {
        name: 'Dawn Watch',
      }),
    ).toBeInTheDocument();
  });

  it("says how many of the chosen journal's prayers the members would not see (issue 29 §2)", async () => {
    const journal = buildJournal({ title: 'Morning Prayers', membership: 'owner' });
    server.use(
      http.get(`${API}/journals/get`, () => HttpResponse.json([journal])),
      http.get(`${API}/prayers/private`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('journal') === journal._id
            ? {
                total: 2,
                data: [
                  {
                    _id: '70000000-0000-4000-8000-000000000001',
                    title: 'Healing for Naomi',
                    category: 'Health',
                    status: 'pending',
                  },
                  {
                    _id: '70000000-0000-4000-8000-000000000002',
                    title: 'A new job',
                    category: 'Work',
                    status: 'pending',
                  },
                ],
              }
            : { total: 0, data: [] },
        ),
      ),
    );
    const { user } = await renderRoute('/prayer-groups', { user: me });
    await user.click(await screen.findByRole('button', { name: 'New Prayer Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Prayer Group' });
    expect(within(dialog).queryByTestId('private-prayers-notice')).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('combobox', { name: 'Journal' }));
    await user.click(await screen.findByRole('option', { name: 'Morning Prayers' }));

    const notice = await within(dialog).findByTestId('private-prayers-notice');
    expect(notice).toHaveTextContent(
      "2 private prayers in this journal. The group's members will not see them.",
    );
    await user.click(within(notice).getByRole('button', { name: 'Choose prayers to show' }));
    expect(
      within(within(notice).getByRole('list', { name: 'Private prayers' })).getAllByRole(
        'checkbox',
      ),
    ).toHaveLength(2);
  });

  it('tells a Free user before any form that starting a group needs Premium', async () => {
    serveGroups({ all: [open] });
    await renderRoute('/prayer-groups', { user: buildUser({ plan: 'free' }) });

    expect(
      screen.getByText(/Starting a prayer group needs Premium \(or Ministry\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    const create = screen.getByRole('link', { name: /New Prayer Group.*Premium/ });
    expect(create).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'New Prayer Group' })).not.toBeInTheDocument();
  });

  it('offers Premium users the create dialog with no plan note', async () => {
    serveGroups({ all: [open] });
    await renderRoute('/prayer-groups', { user: buildUser({ plan: 'premium' }) });

    expect(screen.getByRole('button', { name: 'New Prayer Group' })).toBeInTheDocument();
    expect(screen.queryByText(/needs Premium/)).not.toBeInTheDocument();
  });
});
