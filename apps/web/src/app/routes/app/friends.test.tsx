import type { Friend, FriendRequest, UserSearchResult } from '@selah/shared/schemas/friends';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { TEST_INVITE_LINK } from '@/testing/msw/handlers/friends';
import { server } from '@/testing/msw/server';
import { buildFriend, buildFriendRequest, buildUserSearchResult } from '@/testing/social-factories';
import { expectToast } from '@/testing/toasts';

const me = buildUser({ firstName: 'Jane' });
const NOW = new Date('2026-03-14T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

interface Data {
  friends?: Friend[];
  incoming?: FriendRequest[];
  outgoing?: FriendRequest[];
  suggestions?: UserSearchResult[];
}

/** Serves the friends API over mutable lists and counts the reads of each list. */
function serve(data: Data = {}) {
  const state = {
    friends: data.friends ?? [],
    incoming: data.incoming ?? [],
    outgoing: data.outgoing ?? [],
    suggestions: data.suggestions ?? [],
  };
  const reads = { friends: 0, incoming: 0, outgoing: 0, suggestions: 0 };
  server.use(
    http.get(`${API}/friends`, () => {
      reads.friends += 1;
      return HttpResponse.json({ data: state.friends });
    }),
    http.get(`${API}/friends/requests`, ({ request }) => {
      const direction = new URL(request.url).searchParams.get('direction');
      if (direction === 'outgoing') {
        reads.outgoing += 1;
        return HttpResponse.json({ data: state.outgoing });
      }
      reads.incoming += 1;
      return HttpResponse.json({ data: state.incoming });
    }),
    http.get(`${API}/friends/suggestions`, () => {
      reads.suggestions += 1;
      return HttpResponse.json({ data: state.suggestions });
    }),
  );
  return { state, reads };
}

const friendNames = () =>
  within(screen.getByRole('list', { name: 'Friends' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('/friends', () => {
  it('shows the tabs with their counts and each friend card', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    serve({
      friends: [
        buildFriend({
          firstName: 'Mary',
          lastName: 'Smith',
          lastActive: minutesAgo(1),
          mutualJournals: 2,
        }),
        buildFriend({
          firstName: '',
          lastName: '',
          username: 'anon.reader',
          email: 'anon@example.com',
          lastActive: '2026-03-01T09:00:00.000Z',
          mutualJournals: 1,
        }),
        buildFriend({ firstName: 'Tom', lastName: 'Lee', lastActive: null }),
      ],
      incoming: [buildFriendRequest()],
    });
    await renderRoute('/friends', { user: me });

    expect(screen.getByRole('heading', { level: 1, name: 'Friends' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All Friends (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Online (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Requests (1)' })).toBeInTheDocument();
    // A friend who gave no name goes by the username (one name per person, issue 29 §5).
    expect(friendNames()).toEqual(['Mary Smith', 'anon.reader', 'Tom Lee']);

    const mary = card('Mary Smith');
    expect(within(mary).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(mary).getByText('Active now')).toBeInTheDocument();
    expect(within(mary).getByText('2 shared journals')).toBeInTheDocument();
    expect(within(mary).getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    const anon = card('anon.reader');
    expect(within(anon).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
    expect(within(anon).getByText('Last active March 1, 2026')).toBeInTheDocument();
    expect(within(anon).getByText('1 shared journal')).toBeInTheDocument();

    expect(within(card('Tom Lee')).getByText('Last active Unknown')).toBeInTheDocument();
    expect(within(card('Tom Lee')).getByText('0 shared journals')).toBeInTheDocument();
  });

  it('filters friends by name or email, and the Online tab by the 5-minute window', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    serve({
      friends: [
        buildFriend({
          firstName: 'Mary',
          lastName: 'Smith',
          email: 'mary@example.com',
          lastActive: minutesAgo(4),
        }),
        buildFriend({
          firstName: 'Tom',
          lastName: 'Lee',
          email: 'tom@church.org',
          lastActive: minutesAgo(6),
        }),
      ],
    });
    const { user } = await renderRoute('/friends', { user: me });

    await waitFor(() => expect(friendNames()).toEqual(['Mary Smith', 'Tom Lee']));
    const search = screen.getByRole('searchbox', { name: 'Search friends' });
    expect(search).toHaveAttribute('placeholder', 'Search friends...');

    await user.type(search, 'church');
    expect(friendNames()).toEqual(['Tom Lee']);
    expect(screen.getByRole('tab', { name: 'All Friends (1)' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'SMITH');
    expect(friendNames()).toEqual(['Mary Smith']);
    await user.type(search, 'zzz');
    expect(screen.getByText('No friends found.')).toBeInTheDocument();
    await user.clear(search);

    await user.click(screen.getByRole('tab', { name: 'Online (1)' }));
    expect(friendNames()).toEqual(['Mary Smith']);
    expect(currentUrl()).toBe('/friends?tab=online');
  });

  it('recomputes the online dot every 30 seconds', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    serve({
      friends: [buildFriend({ firstName: 'Mary', lastName: 'Smith', lastActive: minutesAgo(4.5) })],
    });
    await renderRoute('/friends', { user: me });

    const mary = await screen.findByRole('article', { name: 'Mary Smith' });
    expect(within(mary).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Online (1)' })).toBeInTheDocument();

    // 4.5 + 0.5 minutes: exactly 5 minutes is no longer "within" the window.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(within(card('Mary Smith')).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
    expect(within(card('Mary Smith')).getByText('Last active March 14, 2026')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Online (0)' })).toBeInTheDocument();
  });

  it('shows the empty texts', async () => {
    const { user } = await renderRoute('/friends', { user: me });

    expect(await screen.findByText('No friends found.')).toBeInTheDocument();
    expect(await screen.findByText('No friend suggestions found.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Online (0)' }));
    expect(screen.getByText('No online friends found.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Requests (0)' }));
    expect(screen.getByText('No pending friend requests.')).toBeInTheDocument();
  });

  it('opens the requests with ?tab=requests: incoming with accept and reject, sent with cancel', async () => {
    const incoming = buildFriendRequest({
      createdAt: '2026-03-10T10:00:00.000Z',
      requester: { firstName: 'Peter', lastName: 'Jones', email: 'peter@example.com' },
    });
    const outgoing = buildFriendRequest({
      createdAt: '2026-03-12T10:00:00.000Z',
      recipient: { firstName: 'Ruth', lastName: 'Brown', username: 'ruthb' },
    });
    serve({ incoming: [incoming], outgoing: [outgoing] });
    await renderRoute('/friends?tab=requests', { user: me });

    expect(await screen.findByRole('tab', { name: 'Requests (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const peter = await screen.findByRole('article', { name: 'Peter Jones' });
    expect(within(peter).getByText('peter@example.com')).toBeInTheDocument();
    expect(within(peter).getByText('Requested Mar 10, 2026')).toBeInTheDocument();
    expect(within(peter).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(peter).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    const sent = screen.getByRole('list', { name: 'Sent requests' });
    expect(screen.getByRole('heading', { name: 'Sent requests (1)' })).toBeInTheDocument();
    const ruth = within(sent).getByRole('article', { name: 'Ruth Brown' });
    expect(within(ruth).getByText('Sent Mar 12, 2026')).toBeInTheDocument();
    expect(within(ruth).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('accepts a request, toasts and reloads the lists', async () => {
    const request = buildFriendRequest({ requester: { firstName: 'Peter', lastName: 'Jones' } });
    const { state, reads } = serve({ incoming: [request] });
    let accepted: string | undefined;
    server.use(
      http.put(`${API}/friends/accept/:id`, ({ params }) => {
        accepted = String(params.id);
        state.incoming = [];
        state.friends = [buildFriend({ firstName: 'Peter', lastName: 'Jones' })];
        return HttpResponse.json({ message: 'Friend request accepted!' });
      }),
    );
    const { user } = await renderRoute('/friends?tab=requests', { user: me });

    const peter = await screen.findByRole('article', { name: 'Peter Jones' });
    const friendReads = reads.friends;
    await user.click(within(peter).getByRole('button', { name: 'Accept' }));
    await expectToast('Friend request accepted!', 'You and Peter Jones are now friends.');
    expect(accepted).toBe(request._id);
    expect(await screen.findByText('No pending friend requests.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Friends (1)' })).toBeInTheDocument();
    expect(reads.friends).toBeGreaterThan(friendReads);
  });

  it('rejects a request with a toast, and says when accepting or rejecting fails', async () => {
    const { state } = serve({
      incoming: [buildFriendRequest({ requester: { firstName: 'Peter', lastName: 'Jones' } })],
    });
    server.use(
      http.put(`${API}/friends/accept/:id`, () =>
        apiError(409, { code: 'CONFLICT', message: 'This friend request is no longer pending.' }),
      ),
      http.put(`${API}/friends/reject/:id`, () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
      http.put(`${API}/friends/reject/:id`, () => {
        state.incoming = [];
        return HttpResponse.json({ message: 'Friend request rejected.' });
      }),
    );
    const { user } = await renderRoute('/friends?tab=requests', { user: me });

    const peter = await screen.findByRole('article', { name: 'Peter Jones' });
    await user.click(within(peter).getByRole('button', { name: 'Accept' }));
    await expectToast('Error accepting request', 'This friend request is no longer pending.');

    await user.click(within(peter).getByRole('button', { name: 'Reject' }));
    await expectToast(
      'Error rejecting request',
      'Failed to reject friend request. Please try again.',
    );

    await user.click(within(card('Peter Jones')).getByRole('button', { name: 'Reject' }));
    await expectToast('Friend request rejected.');
    expect(await screen.findByText('No pending friend requests.')).toBeInTheDocument();
  });

  it('cancels a sent request', async () => {
    const outgoing = buildFriendRequest({ recipient: { firstName: 'Ruth', lastName: 'Brown' } });
    const { state } = serve({ outgoing: [outgoing] });
    let cancelled: string | undefined;
    server.use(
      http.delete(`${API}/friends/requests/:id`, ({ params }) => {
        cancelled = String(params.id);
        state.outgoing = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderRoute('/friends?tab=requests', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Ruth Brown' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await expectToast('Friend request cancelled.');
    expect(cancelled).toBe(outgoing._id);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Sent requests' })).not.toBeInTheDocument(),
    );
  });

  it('removes a friend after a confirmation', async () => {
    const mary = buildFriend({ firstName: 'Mary', lastName: 'Smith' });
    const { state } = serve({ friends: [mary] });
    let removed: string | undefined;
    server.use(
      http.delete(`${API}/friends/:id`, ({ params }) => {
        removed = String(params.id);
        state.friends = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderRoute('/friends', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Mary Smith' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Mary Smith?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(removed).toBeUndefined();

    await user.click(within(card('Mary Smith')).getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await expectToast('Friend removed.');
    expect(removed).toBe(mary._id);
    expect(await screen.findByText('No friends found.')).toBeInTheDocument();
  });

  it('says what ends with a friendship, and reads again what it had shared', async () => {
    const mary = buildFriend({ firstName: 'Mary', lastName: 'Smith' });
    const { state } = serve({ friends: [mary] });
    server.use(
      http.delete(`${API}/friends/:id`, () => {
        state.friends = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, queryClient } = await renderRoute('/friends', { user: me });
    // Data other pages keep, which the friendship gave: shared journals, prayers, requests,
    // group invitations and who a journal is shared with.
    const others = [
      ['journals'],
      ['prayers', 'user', {}],
      ['prayer-requests', 'list', 'friends'],
      ['prayer-groups', 'list', {}],
      ['shares', 'journal', 'j1'],
      ['settings'],
    ];
    for (const key of others) queryClient.setQueryData(key, { data: [] });

    await user.click(
      within(await screen.findByRole('article', { name: 'Mary Smith' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Mary Smith?' });
    expect(confirm).toHaveTextContent(
      'Sharing between you ends: Mary Smith leaves the journals you shared with them (and you theirs), and shared prayers, prayer requests and group invitations are withdrawn. You can send a new friend request later.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await expectToast('Friend removed.');
    expect(others.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("shows a sent request to someone whose profile is hidden as 'Private profile'", async () => {
    const outgoing = buildFriendRequest({
      createdAt: '2026-03-12T10:00:00.000Z',
      recipient: { firstName: '', lastName: '', username: '', avatar: null },
    });
    const { state } = serve({ outgoing: [outgoing] });
    server.use(
      http.delete(`${API}/friends/requests/:id`, () => {
        state.outgoing = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderRoute('/friends?tab=requests', { user: me });

    const sent = await screen.findByRole('list', { name: 'Sent requests' });
    const hidden = within(sent).getByRole('article', { name: 'Private profile' });
    expect(hidden).toHaveTextContent('Private profileSent Mar 12, 2026');
    expect(within(hidden).queryByText(/@/)).not.toBeInTheDocument();
    expect(within(hidden).queryByRole('img')).not.toBeInTheDocument();

    await user.click(within(hidden).getByRole('button', { name: 'Cancel' }));
    await expectToast('Friend request cancelled.', 'Your request was withdrawn.');
  });

  it('says when removing fails', async () => {
    serve({ friends: [buildFriend({ firstName: 'Mary', lastName: 'Smith' })] });
    server.use(http.delete(`${API}/friends/:id`, () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderRoute('/friends', { user: me });

    await user.click(
      within(await screen.findByRole('article', { name: 'Mary Smith' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await expectToast('Error removing friend', 'Failed to remove friend. Please try again.');
  });

  it('lists suggestions with mutual friends and sends a request with Add', async () => {
    const david = buildUserSearchResult({ username: 'davidk', mutualFriends: 3 });
    const { state } = serve({
      suggestions: [david, buildUserSearchResult({ username: 'sarah', mutualFriends: 1 })],
    });
    let requested: string | undefined;
    server.use(
      http.post(`${API}/friends/request/:id`, ({ params }) => {
        requested = String(params.id);
        state.suggestions = state.suggestions.map((s) =>
          s._id === david._id ? { ...s, relation: 'request_sent' as const } : s,
        );
        return HttpResponse.json({ message: 'Friend request sent!' }, { status: 201 });
      }),
    );
    const { user } = await renderRoute('/friends', { user: me });

    const list = await screen.findByRole('list', { name: 'Suggested friends' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('David King@davidk · 3 mutual friends'),
      expect.stringContaining('David King@sarah · 1 mutual friend'),
    ]);
    await user.click(within(rows[0]!).getByRole('button', { name: 'Add' }));
    await expectToast('Friend request sent!');
    expect(requested).toBe(david._id);
    expect(await within(list).findByText('Request sent')).toBeInTheDocument();
  });

  it('says when a suggested request fails', async () => {
    serve({ suggestions: [buildUserSearchResult({ username: 'davidk' })] });
    server.use(
      http.post(`${API}/friends/request/:id`, () =>
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'Too many friend requests. Try again later.',
        }),
      ),
    );
    const { user } = await renderRoute('/friends', { user: me });

    const list = await screen.findByRole('list', { name: 'Suggested friends' });
    await user.click(within(list).getByRole('button', { name: 'Add' }));
    await expectToast('Error sending request', 'Too many friend requests. Try again later.');
  });

  it('copies the real invite link', async () => {
    serve();
    const { user } = await renderRoute('/friends', { user: me });

    const link = await screen.findByRole('textbox', { name: 'Your invite link' });
    expect(link).toHaveValue(TEST_INVITE_LINK);
    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    await expectToast('Link copied!');
    expect(await navigator.clipboard.readText()).toBe(TEST_INVITE_LINK);
  });

  it('reads no link until the user creates one, then copies it', async () => {
    serve();
    let posts = 0;
    server.use(
      http.get(`${API}/friends/invite-link`, () => HttpResponse.json({ url: null })),
      http.post(`${API}/friends/invite-link`, async () => {
        posts += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ url: TEST_INVITE_LINK }, { status: 201 });
      }),
    );
    const { user } = await renderRoute('/friends', { user: me });

    const create = await screen.findByRole('button', { name: 'Create invite link' });
    expect(
      screen.getByText('You have no invite link yet. Create one to share it anywhere.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your invite link' })).not.toBeInTheDocument();
    expect(posts).toBe(0);
    await user.click(create);
    expect(await screen.findByRole('button', { name: 'Creating invite link...' })).toBeDisabled();
    const link = await screen.findByRole('textbox', { name: 'Your invite link' });
    expect(link).toHaveValue(TEST_INVITE_LINK);
    expect(posts).toBe(1);
    const copy = screen.getByRole('button', { name: 'Copy invite link' });
    expect(copy).toHaveFocus();
    await user.keyboard('{Enter}');
    await expectToast('Link copied!');
    expect(await navigator.clipboard.readText()).toBe(TEST_INVITE_LINK);
  });

  it('says when the invite link cannot be created, and tries again', async () => {
    serve();
    let fail = true;
    server.use(
      http.get(`${API}/friends/invite-link`, () => HttpResponse.json({ url: null })),
      http.post(`${API}/friends/invite-link`, () =>
        fail
          ? apiError(429, { code: 'RATE_LIMITED', message: 'Too many requests. Try again later.' })
          : HttpResponse.json({ url: TEST_INVITE_LINK }, { status: 201 }),
      ),
    );
    const { user } = await renderRoute('/friends', { user: me });

    await user.click(await screen.findByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your invite link could not be created. Too many requests. Try again later.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByRole('textbox', { name: 'Your invite link' })).toHaveValue(
      TEST_INVITE_LINK,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the friends cannot be loaded', async () => {
    server.use(http.get(`${API}/friends`, () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderRoute('/friends', { user: me });

    expect(
      await screen.findByText('Failed to load friends data. Please try again.'),
    ).toBeInTheDocument();
    serve({ friends: [buildFriend({ firstName: 'Mary', lastName: 'Smith' })] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Mary Smith' })).toBeInTheDocument();
  });
});

describe('/friends Add Friend dialog', () => {
  it('searches users on the server and shows the relation of each', async () => {
    serve();
    const queries: string[] = [];
    server.use(
      http.get(`${API}/search/search`, async ({ request }) => {
        const params = new URL(request.url).searchParams;
        const q = params.get('q') ?? '';
        queries.push(`${q}|${params.get('type')}`);
        if (q === 'nobody') return HttpResponse.json({ data: [] });
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({
          data: [
            buildUserSearchResult({ username: 'annie', email: 'a•••@example.com' }),
            buildUserSearchResult({ username: 'bob', relation: 'friend' }),
            buildUserSearchResult({ username: 'carl', relation: 'request_sent' }),
            buildUserSearchResult({ username: 'dora', relation: 'request_received' }),
          ],
        });
      }),
      http.post(`${API}/friends/request/:id`, () =>
        HttpResponse.json({ message: 'Friend request sent!' }, { status: 201 }),
      ),
    );
    const { user } = await renderRoute('/friends', { user: me });

    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Friend' });
    const search = within(dialog).getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveFocus();
    await user.type(search, 'an');
    expect(within(dialog).getByText('Searching...')).toBeInTheDocument();

    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    // Debounced: one request for the whole word.
    expect(queries).toEqual(['an|users']);
    const row = (name: string) =>
      within(results)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes(`@${name} ·`))!;
    expect(within(row('annie')).getByText('@annie · a•••@example.com')).toBeInTheDocument();
    // One name per person (issue 29 §5): the display name, the username beside it.
    expect(within(row('annie')).getByText('David King')).toBeInTheDocument();
    expect(within(row('bob')).getByText('Friends')).toBeInTheDocument();
    expect(within(row('carl')).getByText('Request sent')).toBeInTheDocument();
    expect(within(row('dora')).getByRole('button', { name: 'Accept' })).toBeInTheDocument();

    await user.click(within(row('annie')).getByRole('button', { name: 'Add' }));
    await expectToast('Friend request sent!');

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await within(dialog).findByText('No users found matching "nobody"')).toBeInTheDocument();
  });

  it('says what a search can find and offers the e-mail invite when it finds nobody', async () => {
    serve();
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/search/search`, () => HttpResponse.json({ data: [] })),
      http.post(`${API}/friends/invite-email`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Invitation sent!' });
      }),
    );
    const { user } = await renderRoute('/friends', { user: me });

    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Friend' });
    const hint =
      'Selah finds people by their exact email address or username, or by name when they are a friend of a friend.';
    expect(within(dialog).getByText(hint)).toBeInTheDocument();

    const search = within(dialog).getByRole('searchbox', { name: 'Search users' });
    const email = within(dialog).getByRole('textbox', { name: 'Invite by email' });
    await user.type(search, 'Sade Bello');
    expect(
      await within(dialog).findByText('No users found matching "Sade Bello"'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(hint)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Invite them by email' }));
    expect(email).toHaveFocus();
    expect(email).toHaveValue('');

    await user.clear(search);
    await user.type(search, 'sade@example.com');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Invite this address by email' }),
    );
    expect(email).toHaveValue('sade@example.com');
    expect(email).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Invitation sent!');
    expect(sent).toEqual([{ recipientEmail: 'sade@example.com' }]);
  });

  it('says when searching or sending from the dialog fails', async () => {
    serve();
    server.use(
      http.get(`${API}/search/search`, ({ request }) =>
        new URL(request.url).searchParams.get('q') === 'boom'
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({ data: [buildUserSearchResult({ username: 'annie' })] }),
      ),
      http.post(`${API}/friends/request/:id`, () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = await renderRoute('/friends', { user: me });

    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Friend' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'boom');
    expect(
      await within(dialog).findByText('Failed to search for users. Please try again.'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search users' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'annie');
    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    await user.click(within(results).getByRole('button', { name: 'Add' }));
    await expectToast(
      'Error sending friend request',
      'Failed to send friend request. Please try again.',
    );
  });

  it('validates the invite e-mail, sends it, and resets when closed', async () => {
    serve();
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/friends/invite-email`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Invitation sent!' });
      }),
    );
    const { user } = await renderRoute('/friends', { user: me });

    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Friend' });
    const email = within(dialog).getByRole('textbox', { name: 'Invite by email' });
    const send = within(dialog).getByRole('button', { name: 'Send' });

    await user.click(send);
    await expectToast('Email required', 'Please enter an email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, 'not an@email.com');
    await user.click(send);
    await expectToast('Invalid email', 'Please enter a valid email address.');
    expect(sent).toEqual([]);

    await user.clear(email);
    await user.type(email, 'friend@example.com');
    await user.click(send);
    await expectToast('Invitation sent!');
    expect(sent).toEqual([{ recipientEmail: 'friend@example.com' }]);
    expect(email).toHaveValue('');

    await user.type(email, 'half@typed');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Friend' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Friend' });
    expect(within(dialog).getByRole('textbox', { name: 'Invite by email' })).toHaveValue('');
    expect(within(dialog).getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('shows the server message or the default when an invitation fails', async () => {
    serve();
    server.use(
      http.post(`${API}/friends/invite-email`, () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
      http.post(`${API}/friends/invite-email`, () =>
        apiError(400, { code: 'BAD_REQUEST', message: "You can't invite yourself." }),
      ),
    );
    const { user } = await renderRoute('/friends', { user: me });

    // The Invite Friends box opens the dialog on the e-mail field.
    await user.click(await screen.findByRole('button', { name: 'Invite by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Friend' });
    const email = within(dialog).getByRole('textbox', { name: 'Invite by email' });
    expect(email).toHaveFocus();
    await user.type(email, 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Error sending invitation', 'Failed to send invitation. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Error sending invitation', "You can't invite yourself.");
  });
});
