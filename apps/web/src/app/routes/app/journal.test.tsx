import { FriendListSchema } from '@selah/shared/schemas/friends';
import type { User } from '@selah/shared/schemas/auth';
import { JournalDetailSchema, type JournalDetail } from '@selah/shared/schemas/journals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import {
  buildJournal,
  buildJournalDetail,
  buildJournalMember,
  buildPrayer,
  buildUser,
} from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildFriend } from '@/testing/social-factories';
import { expectToast } from '@/testing/toasts';

const owner = buildUser({ firstName: 'Ruth' });
const visitor = buildUser({ firstName: 'Boaz' });
const naomi = buildFriend({ firstName: 'Naomi', lastName: 'Bethlehem' });
const boaz = buildFriend({ firstName: 'Boaz', lastName: 'Ephrathah' });

/** The app asks the server who is signed in: `user`. */
function serveMe(user: User) {
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(user)));
}

function serveJournal(detail: JournalDetail) {
  server.use(
    http.get(`${API}/journals/${detail._id}`, () =>
      HttpResponse.json(JournalDetailSchema.parse(detail)),
    ),
  );
}

const ownJournal = (overrides: Partial<JournalDetail> = {}) =>
  buildJournalDetail({
    title: 'Morning Prayers',
    description: 'Where each day begins.',
    owner: owner._id,
    ownerName: 'Ruth Moab',
    createdAt: '2026-03-14T10:00:00.000Z',
    membership: 'owner',
    ...overrides,
  });

describe('/journal/:id', () => {
  it('shows the journal with its prayers, stats and members', async () => {
    const prayers = [
      buildPrayer({ title: 'Healing for Naomi', status: 'answered' }),
      buildPrayer({ title: 'A new job', status: 'pending' }),
      buildPrayer({ title: 'Wisdom', status: 'pending' }),
    ];
    const detail = ownJournal({
      prayers,
      prayerCount: 3,
      answeredCount: 1,
      activeCount: 2,
      memberCount: 2,
      members: [
        buildJournalMember({ userId: owner._id, name: 'Ruth Moab', role: 'owner' }),
        buildJournalMember({ name: 'Naomi Bethlehem', role: 'member' }),
      ],
    });
    serveJournal(detail);
    serveMe(owner);
    await renderRoute(`/journal/${detail._id}`, { user: owner });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Morning Prayers' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Created March 14, 2026')).toBeInTheDocument();
    expect(screen.getByText('Where each day begins.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'New Prayer' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Prayer Points' })).toBeInTheDocument();
    expect(screen.getByText('Healing for Naomi')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Journal Stats' })).toBeInTheDocument();
    // round(1 / 3 * 100)
    expect(screen.getByTestId('answer-rate')).toHaveTextContent('33%');
    const members = screen.getByRole('list', { name: 'Journal members' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['RMRuth Moab (you)Owner', 'NBNaomi BethlehemMemberRemove']);
    // A private journal has nobody to invite by link.
    expect(screen.queryByRole('button', { name: 'Invite Members' })).not.toBeInTheDocument();
  });

  it('shows an answer rate of 0% for a journal without prayers', async () => {
    const detail = ownJournal({ prayerCount: 0, answeredCount: 0, activeCount: 0 });
    serveJournal(detail);
    await renderRoute(`/journal/${detail._id}`, { user: owner });

    expect(await screen.findByTestId('answer-rate')).toHaveTextContent('0%');
  });

  it('shows a loading state first', async () => {
    const detail = ownJournal();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/journals/${detail._id}`, async () => {
        await gate;
        return HttpResponse.json(detail);
      }),
    );
    await renderRoute(`/journal/${detail._id}`, { user: owner });

    expect(screen.getByRole('status')).toHaveTextContent('Loading journal...');
    release();
    // The page renders as a deferred (time-sliced) render after the data (ADR 028).
    expect(
      await screen.findByRole('heading', { name: 'Morning Prayers' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it.each([
    ['a missing journal', '10000000-0000-4000-8000-999999999999'],
    ['a malformed id', 'not-a-uuid'],
  ])("says 'Journal Not Found' for %s", async (_case, id) => {
    if (id === 'not-a-uuid') {
      server.use(
        http.get(`${API}/journals/${id}`, () =>
          apiError(400, { code: 'VALIDATION_FAILED', message: 'Invalid id.' }),
        ),
      );
    }
    await renderRoute(`/journal/${id}`, { user: owner });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Journal Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The journal you are looking for does not exist or you do not have access.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to load journal details.')).not.toBeInTheDocument();
  });

  it('shows the error and a toast when the journal cannot load', async () => {
    const id = '10000000-0000-4000-8000-888888888888';
    server.use(
      http.get(`${API}/journals/${id}`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    await renderRoute(`/journal/${id}`, { user: owner });

    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Internal Server Error');
    expect(await screen.findByText('Failed to load journal details.')).toBeInTheDocument();
  });

  it('disables New Prayer and Delete for a non-owner and explains why', async () => {
    const detail = ownJournal({ isPrivate: false, membership: 'member' });
    serveJournal(detail);
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: visitor });

    const newPrayer = await screen.findByRole('button', { name: 'New Prayer' });
    expect(newPrayer).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByText('· by Ruth Moab')).toBeInTheDocument();

    await user.click(newPrayer);

    expect(await screen.findByText('Permission Denied')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You can only add prayers to your own journal. Please contact the owner to contribute.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the add-prayer dialog for the owner', async () => {
    const detail = ownJournal();
    serveJournal(detail);
    server.use(http.get(`${API}/journals/get`, () => HttpResponse.json([buildJournal(detail)])));
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'New Prayer' }));

    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('deletes the journal after confirmation and goes to /journals', async () => {
    const detail = ownJournal();
    const calls: string[] = [];
    const deleted: string[] = [];
    server.use(
      http.get(`${API}/journals/${detail._id}`, () => {
        calls.push('GET');
        return deleted.length
          ? apiError(404, { code: 'NOT_FOUND', message: 'Journal not found.' })
          : HttpResponse.json(detail);
      }),
      http.delete(`${API}/journals/${detail._id}`, () => {
        calls.push('DELETE');
        deleted.push(detail._id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Journal',
      }),
    );

    expect(await screen.findByText('Journal Deleted')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Journals' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/journals');
    // The deleted journal is not fetched again (no 'Journal Not Found' flash on the way out).
    expect(calls).toEqual(['GET', 'DELETE']);
    expect(screen.queryByText('Journal Not Found')).not.toBeInTheDocument();

    // Its cached details are gone too: coming back asks the server again.
    await router.navigate(`/journal/${detail._id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Journal Not Found' }),
    ).toBeInTheDocument();
  });

  it('keeps the journal when it cannot be deleted', async () => {
    const detail = ownJournal();
    serveJournal(detail);
    server.use(
      http.delete(`${API}/journals/${detail._id}`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete Journal',
      }),
    );

    expect(await screen.findByText('Failed to delete journal.')).toBeInTheDocument();
    expect(currentUrl()).toBe(`/journal/${detail._id}`);
  });

  it('invites friends from the share dialog: ticks them and shares the journal', async () => {
    const detail = ownJournal({ isPrivate: false });
    serveJournal(detail);
    const shares: unknown[] = [];
    server.use(
      http.get(`${API}/friends`, () =>
        HttpResponse.json(FriendListSchema.parse({ data: [naomi, boaz] })),
      ),
      http.post(`${API}/journals/${detail._id}/share`, async ({ request }) => {
        shares.push(await request.json());
        return HttpResponse.json({ message: 'Shared.', sharedWith: 1 });
      }),
    );
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Invite Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Journal' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Naomi Bethlehem/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    await expectToast('Shared successfully!', '"Morning Prayers" was shared with 1 person.');
    expect(shares).toEqual([{ userIds: [naomi._id] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says in the share dialog how many prayers are private and makes chosen ones visible (issue 29 §2)', async () => {
    const secret = buildPrayer({ title: 'Healing for Naomi', isPrivate: true, category: 'Health' });
    const detail = ownJournal({ prayers: [secret], prayerCount: 1 });
    serveJournal(detail);
    let privatePrayers = [secret];
    const shown: unknown[] = [];
    server.use(
      http.get(`${API}/prayers/private`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('journal')).toBe(detail._id);
        return HttpResponse.json({
          total: privatePrayers.length,
          data: privatePrayers.map(({ _id, title, category, status }) => ({
            _id,
            title,
            category,
            status,
          })),
        });
      }),
      http.post(`${API}/prayers/visible`, async ({ request }) => {
        shown.push(await request.json());
        privatePrayers = [];
        return HttpResponse.json({ shown: 1, privateCount: 0 });
      }),
    );
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Journal' });
    const notice = await within(dialog).findByTestId('private-prayers-notice');
    expect(notice).toHaveTextContent(
      '1 private prayer in this journal. Friends you share this journal with will not see it.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Choose prayers to show' }));
    await user.click(within(notice).getByRole('button', { name: 'Make visible' }));
    await expectToast('No prayer selected', 'Please choose at least one prayer to show.');
    await user.click(within(notice).getByRole('checkbox', { name: /Healing for Naomi/ }));
    await user.click(within(notice).getByRole('button', { name: 'Make visible' }));

    await expectToast('Prayers made visible', "1 prayer can now be seen by the journal's readers.");
    expect(shown).toEqual([{ journal: detail._id, prayerIds: [secret._id] }]);
    await waitFor(() =>
      expect(within(dialog).queryByTestId('private-prayers-notice')).not.toBeInTheDocument(),
    );
  });

  it('says nothing about private prayers to someone who only reads the journal', async () => {
    const detail = ownJournal({ membership: 'member', isPrivate: false });
    serveJournal(detail);
    let asked = false;
    server.use(
      http.get(`${API}/prayers/private`, () => {
        asked = true;
        return HttpResponse.json({ total: 3, data: [] });
      }),
    );
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: visitor });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Journal' });
    expect(await within(dialog).findByLabelText('Journal link')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('private-prayers-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('private-prayers-notice')).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('marks private prayers for the owner, and says how many when others read the journal (issue 29 §2)', async () => {
    const detail = ownJournal({
      isPrivate: false,
      prayers: [
        buildPrayer({ title: 'Only mine', isPrivate: true }),
        buildPrayer({ title: 'For all', isPrivate: false }),
      ],
      prayerCount: 2,
    });
    serveJournal(detail);
    server.use(
      http.get(`${API}/prayers/private`, () =>
        HttpResponse.json({
          total: 1,
          data: [
            {
              _id: detail.prayers[0]!._id,
              title: 'Only mine',
              category: 'Personal',
              status: 'pending',
            },
          ],
        }),
      ),
    );
    await renderRoute(`/journal/${detail._id}`, { user: owner });

    const mine = (await screen.findByRole('heading', { name: 'Only mine' })).closest('article')!;
    const open = screen.getByRole('heading', { name: 'For all' }).closest('article')!;
    expect(within(mine).getByText('Private')).toBeInTheDocument();
    expect(within(open).queryByText('Private')).not.toBeInTheDocument();
    expect(await screen.findByTestId('private-prayers-notice')).toHaveTextContent(
      "1 private prayer in this journal. Only you see it; the journal's members and readers do not.",
    );
  });

  it('shares the journal link from the Share button and copies it', async () => {
    const detail = ownJournal();
    serveJournal(detail);
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Journal' });
    const link = `${window.location.origin}/journal/${detail._id}`;
    expect(within(dialog).getByLabelText('Journal link')).toHaveValue(link);
    // The default friends handler answers with no friends.
    expect(await within(dialog).findByText('You have no friends to share with yet.')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    await expectToast('Link copied!');
    // user-event replaces the clipboard with one the test can read.
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('goes back to the list when opened directly', async () => {
    const detail = ownJournal();
    serveJournal(detail);
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Back' }));

    await waitFor(() => expect(currentUrl()).toBe('/journals'));
  });
});

describe('/journal/:id members', () => {
  const ruthMember = buildJournalMember({ userId: owner._id, name: 'Ruth Moab', role: 'owner' });
  const naomiMember = buildJournalMember({
    userId: naomi._id,
    name: 'Naomi Bethlehem',
    role: 'member',
    shared: true,
  });
  const boazMember = buildJournalMember({
    userId: visitor._id,
    name: 'Boaz Ephrathah',
    role: 'member',
  });

  /** Serves the journal, which a DELETE of a membership changes; returns the calls made. */
  function serveMembership(detail: JournalDetail, { listed = [detail] } = {}) {
    serveMe(detail.membership === 'owner' ? owner : visitor);
    let current = detail;
    const calls: string[] = [];
    const left = new Set<string>();
    server.use(
      http.get(`${API}/journals/get`, () =>
        HttpResponse.json(listed.filter((journal) => !left.has(journal._id)).map(buildJournal)),
      ),
      http.get(`${API}/journals/${detail._id}`, () => {
        calls.push('GET');
        return left.has(detail._id)
          ? apiError(404, { code: 'NOT_FOUND', message: 'Journal not found.' })
          : HttpResponse.json(JournalDetailSchema.parse(current));
      }),
      http.delete(`${API}/journals/${detail._id}/members/:userId`, ({ params }) => {
        const userId = String(params.userId);
        calls.push(`DELETE ${userId}`);
        if (userId === visitor._id && current.membership === 'member') left.add(detail._id);
        current = {
          ...current,
          memberCount: current.memberCount - 1,
          members: current.members.filter((member) => member.userId !== userId),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return calls;
  }

  it('lets the owner remove a member after a confirmation naming what they lose', async () => {
    const detail = ownJournal({ memberCount: 2, members: [ruthMember, naomiMember] });
    const calls = serveMembership(detail);
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    const members = await screen.findByRole('list', { name: 'Journal members' });
    // Naomi came from the owner's share.
    expect(within(members).getByText('Member · via share')).toBeInTheDocument();
    // The owner has no Remove of their own.
    expect(within(members).getAllByRole('button')).toHaveLength(1);
    await user.click(within(members).getByRole('button', { name: 'Remove Naomi Bethlehem' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Naomi Bethlehem?' });
    expect(dialog).toHaveTextContent(
      'Naomi Bethlehem will no longer be a member of "Morning Prayers" and can no longer read its prayers. You can share the journal with them again later.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual(['GET']);

    await user.click(within(members).getByRole('button', { name: 'Remove Naomi Bethlehem' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );

    await expectToast(
      'Member removed',
      'Naomi Bethlehem is no longer a member of "Morning Prayers".',
    );
    await waitFor(() => expect(within(members).queryByText('Naomi Bethlehem')).toBeNull());
    expect(calls).toEqual(['GET', `DELETE ${naomi._id}`, 'GET']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Journal' })).not.toBeInTheDocument();
  });

  it("tells the owner when a member cannot be removed, with the server's reason", async () => {
    const detail = ownJournal({
      isPrivate: false,
      memberCount: 2,
      members: [ruthMember, naomiMember],
    });
    serveMembership(detail);
    server.use(
      http.delete(`${API}/journals/${detail._id}/members/:userId`, () =>
        apiError(404, { code: 'NOT_FOUND', message: 'Member not found.' }),
      ),
    );
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Remove Naomi Bethlehem' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Naomi Bethlehem?' });
    // A public journal stays readable to them.
    expect(dialog).toHaveTextContent(
      'The journal is public, so they can still read it and join it again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await expectToast('Failed to remove member', 'Member not found.');
  });

  it('lets a member leave after a confirmation, then goes to /journals without the journal', async () => {
    const detail = ownJournal({
      membership: 'member',
      memberCount: 2,
      members: [ruthMember, boazMember],
    });
    const calls = serveMembership(detail);
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: visitor });

    const members = await screen.findByRole('list', { name: 'Journal members' });
    expect(within(members).getByText('(you)')).toBeInTheDocument();
    // Only the owner removes members.
    expect(within(members).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave Journal' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this journal?' });
    expect(dialog).toHaveTextContent(
      '"Morning Prayers" is private: you will no longer be able to read it unless its owner shares it with you again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Leave Journal' }));

    await expectToast('You left the journal', '"Morning Prayers" is no longer in your journals.');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Journals' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/journals');
    expect(await screen.findByText('No journals found.')).toBeInTheDocument();
    // Left with their own id; the journal, now unreadable, is not read again on the way out.
    expect(calls).toEqual(['GET', `DELETE ${visitor._id}`]);
    expect(screen.queryByText('Journal Not Found')).not.toBeInTheDocument();
  });

  it("keeps a member on the page when leaving fails, with the server's reason", async () => {
    const detail = ownJournal({
      membership: 'member',
      memberCount: 2,
      members: [ruthMember, boazMember],
    });
    serveMembership(detail);
    server.use(
      http.delete(`${API}/journals/${detail._id}/members/:userId`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    const { user } = await renderRoute(`/journal/${detail._id}`, { user: visitor });

    await user.click(await screen.findByRole('button', { name: 'Leave Journal' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave Journal' }),
    );

    await expectToast('Failed to leave journal', 'Internal Server Error');
    expect(currentUrl()).toBe(`/journal/${detail._id}`);
  });

  it('says that members it does not list keep their profiles private', async () => {
    const detail = ownJournal({
      isPrivate: false,
      membership: 'none',
      ownerName: '',
      memberCount: 4,
      members: [naomiMember],
    });
    serveJournal(detail);
    await renderRoute(`/journal/${detail._id}`, { user: visitor });

    expect(
      await screen.findByText('and 3 more members, who keep their profiles private'),
    ).toBeInTheDocument();
    // The owner's profile is hidden from this visitor: no 'by ...'.
    expect(screen.queryByText(/· by/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Journal' })).not.toBeInTheDocument();
  });

  it('tells the owner how many more members there are', async () => {
    const detail = ownJournal({ memberCount: 3, members: [ruthMember, naomiMember] });
    serveJournal(detail);
    await renderRoute(`/journal/${detail._id}`, { user: owner });

    expect(await screen.findByText('and 1 more member')).toBeInTheDocument();
  });
});
