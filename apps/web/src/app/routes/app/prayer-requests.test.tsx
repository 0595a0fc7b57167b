import type { PrayerGroup } from '@selah/shared/schemas/groups';
import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { buildJournal, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildFriend, buildPrayerGroup, buildPrayerRequest } from '@/testing/social-factories';
import { expectToast, getToasts } from '@/testing/toasts';

const me = buildUser({ firstName: 'Jane', username: 'jane' });

interface Lists {
  mine?: PrayerRequest[];
  friends?: PrayerRequest[];
}

/** GET /prayer-requests over two mutable lists, filtered like the server; records each query. */
function serve(lists: Lists = {}) {
  const state = { mine: lists.mine ?? [], friends: lists.friends ?? [] };
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/prayer-requests`, ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(params);
      const source = params.type === 'friendRequests' ? state.friends : state.mine;
      const data = source.filter(
        (item) =>
          (!params.category || item.category === params.category) &&
          (!params.searchQuery ||
            item.title.toLowerCase().includes(params.searchQuery.toLowerCase())),
      );
      return HttpResponse.json({ data, nextCursor: null });
    }),
  );
  return { state, queries };
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Prayer requests' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const card = (title: string) => screen.getByRole('article', { name: title });

describe('/prayer-requests', () => {
  it('shows my requests with their badge, details, count and actions', async () => {
    serve({
      mine: [
        buildPrayerRequest({
          title: 'Healing for Dad',
          description: 'Surgery on Monday.',
          category: 'Health',
          isPrivate: true,
          sharedWith: ['40000000-0000-4000-8000-000000000001'],
          prayingCount: 2,
          createdAt: '2026-03-14T10:00:00.000Z',
        }),
        buildPrayerRequest({ title: 'New job', category: 'Career', isPrivate: false }),
      ],
    });
    await renderRoute('/prayer-requests', { user: me });

    expect(screen.getByRole('heading', { level: 1, name: 'Prayer Requests' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Requests' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Friend Requests' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Prayer Groups' })).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Healing for Dad', 'New job']));

    const healing = card('Healing for Dad');
    expect(within(healing).getByText('Private')).toBeInTheDocument();
    expect(within(healing).getByText('Surgery on Monday.')).toBeInTheDocument();
    expect(within(healing).getByText('Health')).toBeInTheDocument();
    expect(within(healing).getByText('Mar 14, 2026')).toBeInTheDocument();
    expect(within(healing).getByText('2 people praying')).toBeInTheDocument();
    expect(within(healing).getByText('Shared with 1 friend')).toBeInTheDocument();
    expect(within(healing).getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(
      within(healing).getByRole('button', { name: 'Delete "Healing for Dad"' }),
    ).toBeInTheDocument();
    expect(within(healing).queryByRole('button', { name: "I'm Praying" })).not.toBeInTheDocument();
    expect(within(card('New job')).getByText('Public')).toBeInTheDocument();
    expect(within(card('New job')).getByText('0 people praying')).toBeInTheDocument();
  });

  it('sends the category and search to the server and keeps them in the address', async () => {
    const { queries } = serve({
      mine: [
        buildPrayerRequest({ title: 'Healing for Dad', category: 'Health' }),
        buildPrayerRequest({ title: 'New job', category: 'Career' }),
      ],
    });
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await waitFor(() => expect(cardTitles()).toHaveLength(2));
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
    ]);
    await user.click(screen.getByRole('option', { name: 'Career' }));
    await waitFor(() => expect(cardTitles()).toEqual(['New job']));
    expect(queries.at(-1)).toMatchObject({ type: 'myRequests', category: 'Career' });

    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    await user.click(screen.getByRole('option', { name: 'All Categories' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search prayer requests' }), 'heal');
    await waitFor(() => expect(cardTitles()).toEqual(['Healing for Dad']));
    expect(queries.at(-1)).toMatchObject({ type: 'myRequests', searchQuery: 'heal' });
    expect(queries.at(-1)).not.toHaveProperty('category');
    expect(currentUrl()).toBe('/prayer-requests?q=heal');

    await user.type(screen.getByRole('searchbox', { name: 'Search prayer requests' }), 'zzz');
    expect(await screen.findByText('No prayer requests match your search.')).toBeInTheDocument();
  });

  it('opens a tab from the address and shows the empty texts', async () => {
    serve();
    const { user } = await renderRoute('/prayer-requests?tab=friendRequests', { user: me });

    expect(screen.getByRole('tab', { name: 'Friend Requests' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText('No prayer requests from your friends yet.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My Requests' }));
    expect(
      await screen.findByText('You have not shared any prayer requests yet.'),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/prayer-requests');
  });

  it('loads more requests with the cursor', async () => {
    const queries: (string | null)[] = [];
    server.use(
      http.get(`${API}/prayer-requests`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        queries.push(cursor);
        return HttpResponse.json(
          cursor === 'page-2'
            ? { data: [buildPrayerRequest({ title: 'Second page' })], nextCursor: null }
            : { data: [buildPrayerRequest({ title: 'First page' })], nextCursor: 'page-2' },
        );
      }),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await waitFor(() => expect(cardTitles()).toEqual(['First page']));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardTitles()).toEqual(['First page', 'Second page']));
    expect(queries).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the requests cannot be loaded', async () => {
    server.use(http.get(`${API}/prayer-requests`, () => new HttpResponse(null, { status: 500 })));
    await renderRoute('/prayer-requests', { user: me });

    expect(
      await screen.findByText('Failed to load prayer requests. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/prayer-requests friend requests', () => {
  it("shows who it is from; I'm Praying asks how, shows the running commitment, records Prayed and stops", async () => {
    const request = buildPrayerRequest({
      title: 'Exams next week',
      isMine: false,
      creator: {
        _id: '40000000-0000-4000-8000-000000000009',
        username: 'mary',
        name: 'Mary Smith',
        avatar: null,
      },
    });
    const { state } = serve({ friends: [request] });
    const calls: string[] = [];
    const endsOn = new Date(Date.now() + 6 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const answer = (isPraying: boolean, message: string) => {
      const updated = {
        ...request,
        isPraying,
        prayingCount: isPraying ? 1 : 0,
        respondedUsers: isPraying
          ? [{ _id: me._id, username: 'jane', name: 'Jane Doe', avatar: null }]
          : [],
        commitment: {
          cadence: 'daily7' as const,
          endsOn: `${endsOn.getFullYear()}-${pad(endsOn.getMonth() + 1)}-${pad(endsOn.getDate())}`,
          running: isPraying,
          daysLeft: isPraying ? 7 : null,
        },
      };
      state.friends = [updated];
      return HttpResponse.json({ message, request: updated });
    };
    server.use(
      http.post(`${API}/prayer-requests/:id/pray`, async ({ params, request: req }) => {
        calls.push(`POST ${String(params.id)} ${JSON.stringify(await req.json())}`);
        return answer(true, 'Prayer response recorded!');
      }),
      http.post(`${API}/prayer-requests/:id/prayed`, async ({ params, request: req }) => {
        calls.push(`PRAYED ${String(params.id)} ${JSON.stringify(await req.json())}`);
        return HttpResponse.json(
          {
            id: '70000000-0000-4000-8000-000000000001',
            kind: 'request',
            targetId: String(params.id),
            day: '2026-03-14',
            late: false,
            occurredAt: '2026-03-14T10:00:00.000Z',
          },
          { status: 201 },
        );
      }),
      http.delete(`${API}/prayer-requests/:id/pray`, ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        return answer(false, 'Prayer response removed!');
      }),
    );
    const { user } = await renderRoute('/prayer-requests?tab=friendRequests', { user: me });

    const exams = await screen.findByRole('article', { name: 'Exams next week' });
    expect(within(exams).getByText('From Mary Smith')).toBeInTheDocument();
    expect(within(exams).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    // "Prayed" is on every request card, committed or not (issue 20 §4).
    expect(within(exams).getByRole('button', { name: /^Prayed/ })).toBeInTheDocument();
    await user.click(within(exams).getByRole('button', { name: "I'm Praying" }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Pray once today', 'Daily for 7 days', 'Until answered']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Daily for 7 days' }));
    await expectToast('Prayer response recorded!');
    const praying = await within(card('Exams next week')).findByRole('button', {
      name: 'Praying daily · 7 days left',
    });
    expect(within(card('Exams next week')).getByText('1 person praying')).toBeInTheDocument();

    await user.click(within(card('Exams next week')).getByRole('button', { name: /^Prayed/ }));
    await expectToast('Prayed', 'Your prayer for "Exams next week" is recorded.');

    // The menu is keyboard-operable: open it with Enter, move to 'Stop praying', choose it.
    praying.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{End}{Enter}');
    await expectToast('Prayer response removed!');
    expect(
      await within(card('Exams next week')).findByRole('button', { name: "I'm Praying" }),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      `POST ${request._id} {"cadence":"daily7"}`,
      `PRAYED ${request._id} {"source":"card"}`,
      `DELETE ${request._id}`,
    ]);
  });

  it("shows the running commitment, 'a friend' without a username, and nothing to commit to once answered", async () => {
    serve({
      friends: [
        buildPrayerRequest({
          title: 'Already praying',
          isMine: false,
          isPraying: true,
          commitment: { cadence: 'untilAnswered', endsOn: null, running: true, daysLeft: null },
        }),
        buildPrayerRequest({
          title: 'Anonymous',
          isMine: false,
          creator: {
            _id: '40000000-0000-4000-8000-000000000010',
            username: '',
            name: '',
            avatar: null,
          },
        }),
        buildPrayerRequest({
          title: 'Healed',
          isMine: false,
          status: 'answered',
          answeredAt: '2026-03-20T09:00:00.000Z',
          testimony: 'The scan was clear.',
        }),
      ],
    });
    await renderRoute('/prayer-requests?tab=friendRequests', { user: me });

    const already = await screen.findByRole('article', { name: 'Already praying' });
    expect(
      within(already).getByRole('button', { name: 'Praying until answered' }),
    ).toBeInTheDocument();
    expect(within(already).getByRole('button', { name: /^Prayed/ })).toBeInTheDocument();
    expect(within(card('Anonymous')).getByText('From a friend')).toBeInTheDocument();
    expect(
      within(card('Anonymous')).getByRole('button', { name: "I'm Praying" }),
    ).toBeInTheDocument();
    const healed = card('Healed');
    expect(within(healed).getByText('Answered')).toBeInTheDocument();
    expect(within(healed).getByText('The scan was clear.')).toBeInTheDocument();
    expect(within(healed).queryByRole('button', { name: /Praying/ })).not.toBeInTheDocument();
  });

  it('says when marking or unmarking fails', async () => {
    serve({
      friends: [
        buildPrayerRequest({ title: 'Mark me', isMine: false }),
        buildPrayerRequest({
          title: 'Unmark me',
          isMine: false,
          isPraying: true,
          commitment: { cadence: 'once', endsOn: null, running: true, daysLeft: null },
        }),
      ],
    });
    server.use(
      http.post(`${API}/prayer-requests/:id/pray`, () => new HttpResponse(null, { status: 500 })),
      http.delete(`${API}/prayer-requests/:id/pray`, () => new HttpResponse(null, { status: 500 })),
      http.post(`${API}/prayer-requests/:id/prayed`, () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = await renderRoute('/prayer-requests?tab=friendRequests', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Mark me' })).getByRole('button', {
        name: "I'm Praying",
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Pray once today' }));
    await expectToast('Error', 'Failed to mark as praying. Please try again.');
    await user.click(within(card('Unmark me')).getByRole('button', { name: 'Praying today' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Stop praying' }));
    await expectToast('Error', 'Failed to unmark as praying. Please try again.');
    await user.click(within(card('Unmark me')).getByRole('button', { name: /^Prayed/ }));
    await expectToast('Error', 'Failed to record your prayer. Please try again.');
  });
});

describe('/prayer-requests delete and details', () => {
  it('deletes my request after the confirmation', async () => {
    const request = buildPrayerRequest({ title: 'Old request' });
    const { state } = serve({ mine: [request] });
    let deleted: string | undefined;
    server.use(
      http.delete(`${API}/prayer-requests/:id`, ({ params }) => {
        deleted = String(params.id);
        state.mine = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Old request' })).getByRole('button', {
        name: 'Delete "Old request"',
      }),
    );
    let confirm = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    expect(
      within(confirm).getByText(
        'This action cannot be undone. This will permanently delete this prayer request.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeUndefined();

    await user.click(within(card('Old request')).getByRole('button', { name: /Delete/ }));
    confirm = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await expectToast('Prayer Request Deleted');
    expect(deleted).toBe(request._id);
    expect(
      await screen.findByText('You have not shared any prayer requests yet.'),
    ).toBeInTheDocument();
  });

  it('says when deleting fails', async () => {
    serve({ mine: [buildPrayerRequest({ title: 'Old request' })] });
    server.use(
      http.delete(`${API}/prayer-requests/:id`, () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Old request' })).getByRole('button', {
        name: /Delete/,
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }),
    );
    await expectToast('Error', 'Failed to delete prayer request. Please try again.');
  });

  it('shows the details with the people praying', async () => {
    const request = buildPrayerRequest({
      title: 'Healing for Dad',
      description: 'Surgery on Monday.',
      category: 'Health',
      isPrivate: false,
      createdAt: '2026-03-14T10:00:00.000Z',
    });
    serve({ mine: [request] });
    server.use(
      http.get(`${API}/prayer-requests/:id`, () =>
        HttpResponse.json({
          ...request,
          prayingCount: 2,
          respondedUsers: [
            {
              _id: '40000000-0000-4000-8000-000000000021',
              username: 'mary',
              name: 'Mary Smith',
              avatar: null,
            },
            // No name given (a Google account): the username stands in.
            {
              _id: '40000000-0000-4000-8000-000000000022',
              username: 'peter',
              name: 'peter',
              avatar: null,
            },
          ],
        }),
      ),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Healing for Dad' })).getByRole('button', {
        name: 'View Details',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Healing for Dad' });
    expect(within(dialog).getByText(/Created March 14, 2026/)).toBeInTheDocument();
    expect(within(dialog).getByText('Public')).toBeInTheDocument();
    expect(within(dialog).getByText('Surgery on Monday.')).toBeInTheDocument();
    expect(within(dialog).getByText('Health')).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('heading', { name: 'People Praying (2)' }),
    ).toBeInTheDocument();
    const people = within(dialog).getByRole('list', { name: 'People praying' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['MSMary Smith', 'PEpeter']);
    expect(within(dialog).getByRole('button', { name: 'Delete Request' })).toBeInTheDocument();
  });

  it("shows the creator the week's prayers and the updates; posts an update and marks it answered with a testimony", async () => {
    let request = buildPrayerRequest({
      title: 'New job',
      isPrivate: false,
      prayingCount: 1,
      prayedThisWeek: 9,
      respondedUsers: [
        {
          _id: '40000000-0000-4000-8000-000000000021',
          username: 'mary',
          name: 'Mary Smith',
          avatar: null,
        },
      ],
      updatesCount: 1,
    });
    serve({ mine: [request] });
    let updates = [
      {
        id: '80000000-0000-4000-8000-000000000001',
        text: 'First interview went well.',
        createdAt: '2026-03-15T10:00:00.000Z',
      },
    ];
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/prayer-requests/:id`, () => HttpResponse.json(request)),
      http.get(`${API}/prayer-requests/:id/updates`, () =>
        HttpResponse.json({ data: updates, nextCursor: null }),
      ),
      http.post(`${API}/prayer-requests/:id/updates`, async ({ request: req }) => {
        const body = (await req.json()) as { text: string };
        posted.push(body);
        const update = {
          id: '80000000-0000-4000-8000-000000000002',
          text: body.text,
          createdAt: '2026-03-16T10:00:00.000Z',
        };
        updates = [update, ...updates];
        request = { ...request, updatesCount: 2, latestUpdate: update };
        return HttpResponse.json(update, { status: 201 });
      }),
      http.post(`${API}/prayer-requests/:id/answered`, async ({ request: req }) => {
        const body = (await req.json()) as { testimony: string };
        posted.push(body);
        request = {
          ...request,
          status: 'answered',
          answeredAt: '2026-03-20T09:00:00.000Z',
          testimony: body.testimony,
          prayingCount: 0,
          respondedUsers: [],
        };
        return HttpResponse.json(request);
      }),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    const newJob = await screen.findByRole('article', { name: 'New job' });
    expect(within(newJob).getByText('prayed 9 times this week')).toBeInTheDocument();
    await user.click(within(newJob).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'New job' });
    expect(
      within(dialog).getByText('1 person praying · prayed 9 times this week'),
    ).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Updates' });
    expect(within(list).getByText('First interview went well.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Post Update' }));
    const form = await screen.findByRole('dialog', { name: 'Post an update' });
    await user.click(within(form).getByRole('button', { name: 'Post Update' }));
    expect(await within(form).findByText('Please write your update.')).toBeInTheDocument();
    await user.type(
      within(form).getByRole('textbox', { name: /Update/ }),
      'Second interview Monday.',
    );
    await user.click(within(form).getByRole('button', { name: 'Post Update' }));
    await expectToast('Update posted', 'Your update on "New job" is posted.');
    expect(
      await within(screen.getByRole('dialog', { name: 'New job' })).findByText(
        'Second interview Monday.',
      ),
    ).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('dialog', { name: 'New job' })).getByRole('button', {
        name: 'Mark Answered',
      }),
    );
    const answer = await screen.findByRole('dialog', { name: 'Mark answered' });
    await user.type(within(answer).getByRole('textbox', { name: /Testimony/ }), 'I got the job!');
    await user.click(within(answer).getByRole('button', { name: 'Mark Answered' }));
    await expectToast('Praise God!', '"New job" is marked answered.');
    const details = screen.getByRole('dialog', { name: 'New job' });
    expect(
      await within(details).findByRole('heading', { name: /Answered on March 20, 2026/ }),
    ).toBeInTheDocument();
    expect(within(details).getByText('I got the job!')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Post Update' })).not.toBeInTheDocument();
    expect(posted).toEqual([{ text: 'Second interview Monday.' }, { testimony: 'I got the job!' }]);
  });

  it('shows a skeleton while the updates load, then says there are none', async () => {
    const request = buildPrayerRequest({ title: 'Quiet', isMine: false });
    serve({ friends: [request] });
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`${API}/prayer-requests/:id`, () => HttpResponse.json(request)),
      http.get(`${API}/prayer-requests/:id/updates`, async () => {
        await gate;
        return HttpResponse.json({ data: [], nextCursor: null });
      }),
    );
    const { user } = await renderRoute('/prayer-requests?tab=friendRequests', { user: me });
    await user.click(
      within(await screen.findByRole('article', { name: 'Quiet' })).getByRole('button', {
        name: 'View Details',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Quiet' });
    expect(within(dialog).getByRole('status', { name: 'Loading updates' })).toBeInTheDocument();
    release();
    expect(await within(dialog).findByText('No updates yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Post Update' })).not.toBeInTheDocument();
  });

  it('says when nobody is praying yet', async () => {
    serve({ friends: [buildPrayerRequest({ title: 'Quiet one', isMine: false })] });
    const { user } = await renderRoute('/prayer-requests?tab=friendRequests', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Quiet one' })).getByRole('button', {
        name: 'View Details',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Quiet one' });
    expect(within(dialog).getByRole('heading', { name: 'People Praying (0)' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('No one has marked themselves as praying for this request yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Private')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: "I'm Praying" })).toBeInTheDocument();
  });
});

describe('/prayer-requests New Request dialog', () => {
  const mary = buildFriend({ firstName: 'Mary', lastName: 'Smith' });
  const peter = buildFriend({ firstName: 'Peter', lastName: 'Jones' });

  function recordCreates() {
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/friends`, () => HttpResponse.json({ data: [mary, peter] })),
      http.post(`${API}/prayer-requests`, async ({ request }) => {
        const body = (await request.json()) as Partial<PrayerRequest>;
        bodies.push(body);
        return HttpResponse.json(buildPrayerRequest({ ...body }), { status: 201 });
      }),
    );
    return bodies;
  }

  it('requires a title, shares a private request with the ticked friends and resets', async () => {
    serve();
    const bodies = recordCreates();
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(screen.getByRole('button', { name: 'New Request' }));
    let dialog = await screen.findByRole('dialog', { name: 'New Prayer Request' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    await expectToast('Title required', 'Please provide a title for your prayer request.');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(bodies).toEqual([]);

    expect(within(dialog).getByRole('switch', { name: 'Private request' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent(
      'Personal',
    );
    const share = within(dialog).getByRole('group', { name: 'Share with friends' });
    await user.click(await within(share).findByRole('checkbox', { name: 'Mary Smith' }));
    expect(within(share).getByRole('checkbox', { name: 'Peter Jones' })).not.toBeChecked();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Exams  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    await expectToast('Prayer request created!');
    expect(bodies).toEqual([
      {
        title: 'Exams',
        description: '',
        category: 'Personal',
        isPrivate: true,
        sharedWith: [mary._id],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New Request' }));
    dialog = await screen.findByRole('dialog', { name: 'New Prayer Request' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(await within(dialog).findByRole('checkbox', { name: 'Mary Smith' })).not.toBeChecked();
  });

  it('sends an empty sharedWith for a public request, with the chosen category', async () => {
    serve();
    const bodies = recordCreates();
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(screen.getByRole('button', { name: 'New Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Prayer Request' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Healing');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'For Dad.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
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
    await user.click(screen.getByRole('option', { name: 'Health' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Peter Jones' }));

    await user.click(within(dialog).getByRole('switch', { name: 'Private request' }));
    expect(within(dialog).getByText('Public: all your friends can see it.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Share with friends' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    await expectToast('Prayer request created!');
    expect(bodies).toEqual([
      {
        title: 'Healing',
        description: 'For Dad.',
        category: 'Health',
        isPrivate: false,
        sharedWith: [],
      },
    ]);
  });

  it('resets after cancel and says when creating fails', async () => {
    serve();
    server.use(
      http.get(`${API}/friends`, () => HttpResponse.json({ data: [] })),
      http.post(`${API}/prayer-requests`, () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
      http.post(`${API}/prayer-requests`, () =>
        apiError(400, { code: 'BAD_REQUEST', message: 'You can only share with your friends.' }),
      ),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(screen.getByRole('button', { name: 'New Request' }));
    let dialog = await screen.findByRole('dialog', { name: 'New Prayer Request' });
    expect(await within(dialog).findByText(/You have no friends on Selah yet/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New Request' }));
    dialog = await screen.findByRole('dialog', { name: 'New Prayer Request' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Exams');
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    await expectToast('Error', 'Failed to create prayer request. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Create Request' }));
    await expectToast('Error', 'You can only share with your friends.');
    expect(screen.getByRole('dialog', { name: 'New Prayer Request' })).toBeInTheDocument();
  });

  it('edits my request: shares it with another friend and drops former friends', async () => {
    const request = buildPrayerRequest({
      title: 'Exams',
      category: 'Family',
      isPrivate: true,
      // Mary, and someone who is no longer a friend.
      sharedWith: [mary._id, '40000000-0000-4000-8000-000000000999'],
    });
    serve({ mine: [request] });
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/friends`, () => HttpResponse.json({ data: [mary, peter] })),
      http.put(`${API}/prayer-requests/:id`, async ({ request: req, params }) => {
        const body = (await req.json()) as Partial<PrayerRequest>;
        bodies.push({ id: params.id, ...body });
        return HttpResponse.json({ ...request, ...body });
      }),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Exams' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Prayer Request' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Exams');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Family');
    expect(await within(dialog).findByRole('checkbox', { name: 'Mary Smith' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Peter Jones' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Prayer request updated!', 'Shared with 2 friends.');
    expect(bodies).toEqual([
      {
        id: request._id,
        title: 'Exams',
        description: request.description,
        category: 'Family',
        isPrivate: true,
        sharedWith: [mary._id, peter._id],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card('Exams')).getByText('Shared with 2 friends')).toBeInTheDocument();
  });

  it('says when the friends cannot be loaded', async () => {
    serve();
    server.use(http.get(`${API}/friends`, () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(screen.getByRole('button', { name: 'New Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Prayer Request' });
    expect(await within(dialog).findByText('Failed to load friends')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Unable to load your friends list. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('/prayer-requests Prayer Groups tab and Export', () => {
  function serveGroups(groups: PrayerGroup[]) {
    const scopes: (string | null)[] = [];
    server.use(
      http.get(`${API}/prayer-groups`, ({ request }) => {
        scopes.push(new URL(request.url).searchParams.get('scope'));
        return HttpResponse.json({ data: groups, nextCursor: null });
      }),
    );
    return scopes;
  }

  it("lists the user's real groups with Manage only for admins", async () => {
    const admin = buildPrayerGroup({
      name: 'Friday Intercessors',
      isPublic: false,
      memberCount: 12,
      userIsAdmin: true,
      membership: 'admin',
    });
    const member = buildPrayerGroup({ name: 'Moms in Prayer', memberCount: 1 });
    const scopes = serveGroups([admin, member]);
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(screen.getByRole('tab', { name: 'Prayer Groups' }));
    expect(currentUrl()).toBe('/prayer-requests?tab=prayerGroups');
    const friday = await screen.findByRole('article', { name: 'Friday Intercessors' });
    expect(scopes).toEqual(['mine']);
    expect(within(friday).getByText('Private')).toBeInTheDocument();
    expect(within(friday).getByText('12 members')).toBeInTheDocument();
    expect(within(friday).getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'href',
      `/prayer-groups/${admin._id}`,
    );
    expect(within(friday).getByRole('link', { name: 'View Prayers' })).toHaveAttribute(
      'href',
      `/prayer-groups/${admin._id}`,
    );

    const moms = card('Moms in Prayer');
    expect(within(moms).getByText('Public')).toBeInTheDocument();
    expect(within(moms).getByText('1 member')).toBeInTheDocument();
    expect(within(moms).queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
    expect(within(moms).getByRole('link', { name: 'View Prayers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Prayer Group' })).toHaveAttribute(
      'href',
      '/prayer-groups',
    );
  });

  it('says when the user has no groups', async () => {
    serveGroups([]);
    await renderRoute('/prayer-requests?tab=prayerGroups', { user: me });

    expect(await screen.findByText('You are not in any prayer group yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Prayer Group' })).toBeInTheDocument();
  });

  it('shows the export options and, on the Free plan, the way up instead of exporting', async () => {
    serve();
    server.use(
      http.get(`${API}/journals/get`, () =>
        HttpResponse.json([
          buildJournal({ title: 'Morning Prayers' }),
          buildJournal({ title: 'Family' }),
          buildJournal({ title: "Church's Journal", membership: 'member' }),
        ]),
      ),
    );
    const { user } = await renderRoute('/prayer-requests', { user: me });

    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Prayer Journal' });
    const journal = await within(dialog).findByRole('combobox', { name: 'Journal' });
    await waitFor(() => expect(journal).toHaveTextContent('Morning Prayers'));
    await user.click(journal);
    // Only the journals the user owns can be exported.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Morning Prayers',
      'Family',
    ]);
    await user.click(screen.getByRole('option', { name: 'Family' }));
    expect(journal).toHaveTextContent('Family');

    for (const name of [
      'Include answered prayers',
      'Include memory verses',
      'Include notes and updates',
    ]) {
      expect(within(dialog).getByRole('switch', { name })).toBeChecked();
    }
    await user.click(within(dialog).getByRole('switch', { name: 'Include memory verses' }));
    expect(within(dialog).getByRole('switch', { name: 'Include memory verses' })).not.toBeChecked();

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(
      'Exporting to PDF and printing are part of the Premium and Ministry plans.',
    );
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    const exportButton = within(dialog).getByRole('button', { name: 'Export' });
    const printButton = within(dialog).getByRole('button', { name: 'Print' });
    expect(exportButton).toBeDisabled();
    expect(printButton).toBeDisabled();
    await user.click(exportButton);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getToasts()).toEqual([]);
    expect(screen.queryByText('Export successful!')).not.toBeInTheDocument();
  });
});
