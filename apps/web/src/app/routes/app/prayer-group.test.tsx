import type { User } from '@selah/shared/schemas/auth';
import { FriendListSchema } from '@selah/shared/schemas/friends';
import {
  GroupResponseSchema,
  PrayerGroupDetailSchema,
  type PrayerGroupDetail,
} from '@selah/shared/schemas/groups';
import { PrayerPageSchema } from '@selah/shared/schemas/prayers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { buildPrayer, buildUser } from '@/testing/factories';
import {
  buildGroupDetail,
  buildGroupInvitation,
  buildGroupMember,
} from '@/testing/group-factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildFriend } from '@/testing/social-factories';
import { expectToast } from '@/testing/toasts';

const admin = buildUser({ firstName: 'Ruth' });
const visitor = buildUser({ firstName: 'Boaz' });
const naomi = buildGroupMember({ name: 'Naomi Bethlehem', username: 'naomi', role: 'member' });

const adminGroup = (overrides: Partial<PrayerGroupDetail> = {}) =>
  buildGroupDetail({
    name: 'Tuesday Circle',
    description: 'We pray for the city every Tuesday.',
    journalTitle: 'City Prayers',
    creator: admin._id,
    memberCount: 2,
    membership: 'admin',
    userIsAdmin: true,
    userOwnsJournal: true,
    members: [
      buildGroupMember({ _id: admin._id, name: 'Ruth Moab', username: 'ruth', role: 'admin' }),
      naomi,
    ],
    ...overrides,
  });

/** The group as another user sees it: public, not a member. */
const visitorView = (group: PrayerGroupDetail): PrayerGroupDetail => ({
  ...group,
  membership: 'none',
  userIsAdmin: false,
  userOwnsJournal: false,
  invitations: [],
});

/** Renders the page signed in as `user`, whom /auth/me confirms (the page marks 'you' by id). */
function renderAs(path: string, user: User) {
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(user)));
  return renderRoute(path, { user });
}

function serveGroup(detail: PrayerGroupDetail | (() => PrayerGroupDetail)) {
  const get = typeof detail === 'function' ? detail : () => detail;
  server.use(
    http.get(`${API}/prayer-groups/${get()._id}`, () =>
      HttpResponse.json(PrayerGroupDetailSchema.parse(get())),
    ),
  );
}

describe('/prayer-groups/:id', () => {
  it('shows the group, its prayers and its members with their roles', async () => {
    const group = adminGroup();
    serveGroup(group);
    server.use(
      http.get(`${API}/prayer-groups/${group._id}/prayers`, () =>
        HttpResponse.json(
          PrayerPageSchema.parse({
            data: [
              buildPrayer({
                title: 'Peace in the city',
                content: 'Lord, bring peace to our streets.',
                category: 'World Events',
                isPrivate: false,
              }),
            ],
            nextCursor: null,
          }),
        ),
      ),
    );
    await renderAs(`/prayer-groups/${group._id}`, admin);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tuesday Circle' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We pray for the city every Tuesday.')).toBeInTheDocument();
    expect(screen.getByTestId('group-member-count')).toHaveTextContent('2 members');
    expect(screen.getAllByText('Public').length).toBeGreaterThan(0);

    const prayers = await screen.findByRole('list', { name: 'Group prayers' });
    const prayer = within(prayers).getByRole('link', { name: 'Peace in the city' });
    expect(prayer).toHaveAttribute('href', expect.stringMatching(/^\/prayer\//));
    expect(within(prayers).getByText('Lord, bring peace to our streets.')).toHaveClass(
      'line-clamp-2',
    );
    expect(within(prayers).getByText('World Events')).toBeInTheDocument();

    const members = screen.getByRole('list', { name: 'Group members' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ruth Moab (you)');
    expect(rows[0]).toHaveTextContent('Admin');
    expect(rows[1]).toHaveTextContent('Naomi Bethlehem');
    expect(rows[1]).toHaveTextContent('Member');
  });

  it('shows the manage controls to admins only', async () => {
    const group = adminGroup();
    serveGroup(visitorView(group));
    await renderAs(`/prayer-groups/${group._id}`, visitor);

    await screen.findByRole('heading', { level: 1, name: 'Tuesday Circle' });
    expect(screen.queryByRole('heading', { name: 'Manage Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Friends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Manage / })).not.toBeInTheDocument();
    expect(await screen.findByText('No prayers in this group yet.')).toBeInTheDocument();
  });

  it('joins a public group and leaves it again after confirming', async () => {
    const group = adminGroup();
    let membership: PrayerGroupDetail['membership'] = 'none';
    const visitorRow = buildGroupMember({ _id: visitor._id, name: 'Boaz Ephrath', role: 'member' });
    serveGroup(() => ({
      ...visitorView(group),
      membership,
      memberCount: membership === 'none' ? 2 : 3,
      members: membership === 'none' ? group.members : [...group.members, visitorRow],
    }));
    server.use(
      http.post(`${API}/prayer-groups/${group._id}/join`, () => {
        membership = 'member';
        return HttpResponse.json(
          GroupResponseSchema.parse({
            data: { ...visitorView(group), membership: 'member', memberCount: 3 },
          }),
        );
      }),
      http.post(`${API}/prayer-groups/${group._id}/leave`, () => {
        membership = 'none';
        return HttpResponse.json({ message: 'You left the group.' });
      }),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, visitor);

    await user.click(await screen.findByRole('button', { name: 'Join Group' }));

    await expectToast('Joined prayer group', 'You are now a member of "Tuesday Circle".');
    expect(await screen.findByRole('button', { name: 'Leave Group' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Group members' })).toHaveTextContent(
        'Boaz Ephrath (you)',
      ),
    );
    expect(screen.getByTestId('group-member-count')).toHaveTextContent('3 members');

    await user.click(screen.getByRole('button', { name: 'Leave Group' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave this group?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave Group' }));

    await expectToast('You left the group', 'You left the group.');
    expect(await screen.findByRole('button', { name: 'Join Group' })).toBeInTheDocument();
    expect(currentUrl()).toBe(`/prayer-groups/${group._id}`);
  });

  it('leaves a private group and goes back to the list without asking for it again', async () => {
    const group = {
      ...adminGroup({ isPublic: false }),
      membership: 'member' as const,
      userIsAdmin: false,
    };
    const calls: string[] = [];
    server.use(
      http.get(`${API}/prayer-groups/${group._id}`, () => {
        calls.push('GET');
        return calls.includes('LEAVE')
          ? apiError(404, { code: 'NOT_FOUND', message: 'Prayer group not found.' })
          : HttpResponse.json(PrayerGroupDetailSchema.parse(group));
      }),
      http.post(`${API}/prayer-groups/${group._id}/leave`, () => {
        calls.push('LEAVE');
        return HttpResponse.json({ message: 'You left the group.' });
      }),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, visitor);

    await user.click(await screen.findByRole('button', { name: 'Leave Group' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave this group?' });
    expect(confirm).toHaveTextContent('you will need a new invitation to join it again');
    await user.click(within(confirm).getByRole('button', { name: 'Leave Group' }));

    await expectToast('You left the group', 'You left the group.');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prayer Groups' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/prayer-groups');
    expect(calls).toEqual(['GET', 'LEAVE']);
    expect(screen.queryByText('Prayer Group Not Found')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the last admin tries to leave", async () => {
    const group = adminGroup();
    serveGroup(group);
    server.use(
      http.post(`${API}/prayer-groups/${group._id}/leave`, () =>
        apiError(400, {
          code: 'BAD_REQUEST',
          message: 'Make another member an admin before leaving, or delete the group.',
        }),
      ),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    await user.click(await screen.findByRole('button', { name: 'Leave Group' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave Group' }),
    );

    await expectToast(
      'Failed to leave group',
      'Make another member an admin before leaving, or delete the group.',
    );
  });

  it('invites friends and shows the server message', async () => {
    const group = adminGroup();
    serveGroup(group);
    const peter = buildFriend({ firstName: 'Peter', lastName: 'Jones' });
    const lydia = buildFriend({ firstName: 'Lydia', lastName: 'Thyatira' });
    const alreadyIn = buildFriend({ _id: naomi._id, firstName: 'Naomi', lastName: 'Bethlehem' });
    const invited: unknown[] = [];
    server.use(
      http.get(`${API}/friends`, () =>
        HttpResponse.json(FriendListSchema.parse({ data: [peter, lydia, alreadyIn] })),
      ),
      http.post(`${API}/prayer-groups/${group._id}/invite`, async ({ request }) => {
        invited.push(await request.json());
        return HttpResponse.json({ message: '2 friends invited.' });
      }),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    await user.click(await screen.findByRole('button', { name: 'Invite Friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Friends' });
    expect(await within(dialog).findByRole('checkbox', { name: /Naomi Bethlehem/ })).toBeDisabled();
    expect(within(dialog).getByText('Already a member')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send Invites' }));
    await expectToast('No one selected', 'Please select at least one friend to invite.');
    expect(invited).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: /Peter Jones/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Lydia Thyatira/ }));
    expect(within(dialog).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Invites' }));

    await expectToast('Invitations sent!', '2 friends invited.');
    expect(invited).toEqual([{ userIds: [peter._id, lydia._id] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits the group with the same checks as creating it', async () => {
    let group = adminGroup();
    serveGroup(() => group);
    const updates: unknown[] = [];
    server.use(
      http.put(`${API}/prayer-groups/${group._id}`, async ({ request }) => {
        const body = (await request.json()) as { name: string; isPublic: boolean };
        updates.push(body);
        group = { ...group, ...body };
        return HttpResponse.json(GroupResponseSchema.parse({ data: group }));
      }),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    await user.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Prayer Group' });
    expect(within(dialog).getByLabelText('Group name')).toHaveValue('Tuesday Circle');
    expect(within(dialog).getByRole('switch', { name: 'Private' })).not.toBeChecked();

    await user.clear(within(dialog).getByLabelText('Group name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Group name is required.')).toBeInTheDocument();
    expect(updates).toEqual([]);

    await user.type(within(dialog).getByLabelText('Group name'), 'Wednesday Circle');
    await user.click(within(dialog).getByRole('switch', { name: 'Private' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await expectToast('Prayer group updated!');
    expect(updates).toEqual([
      {
        name: 'Wednesday Circle',
        description: 'We pray for the city every Tuesday.',
        isPublic: false,
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wednesday Circle' }),
    ).toBeInTheDocument();
  });

  it('promotes a member and removes another after confirming', async () => {
    const group = adminGroup();
    serveGroup(group);
    const calls: string[] = [];
    server.use(
      http.put(`${API}/prayer-groups/${group._id}/members/${naomi._id}`, async ({ request }) => {
        calls.push(`role ${((await request.json()) as { role: string }).role}`);
        return HttpResponse.json({ message: 'Role updated.' });
      }),
      http.delete(`${API}/prayer-groups/${group._id}/members/${naomi._id}`, () => {
        calls.push('remove');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    // No menu for oneself: admins leave with Leave.
    await screen.findByRole('list', { name: 'Group members' });
    expect(screen.queryByRole('button', { name: 'Manage Ruth Moab' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Manage Naomi Bethlehem' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    await expectToast('Role updated', 'Naomi Bethlehem is now an admin.');

    await user.click(screen.getByRole('button', { name: 'Manage Naomi Bethlehem' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from group' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Naomi Bethlehem?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await expectToast('Member removed', 'Naomi Bethlehem was removed from the group.');
    expect(calls).toEqual(['role admin', 'remove']);
  });

  it('deletes the group after confirmation and goes to /prayer-groups', async () => {
    const group = adminGroup();
    const calls: string[] = [];
    const deleted: string[] = [];
    server.use(
      http.get(`${API}/prayer-groups/${group._id}`, () => {
        calls.push('GET');
        return deleted.length
          ? apiError(404, { code: 'NOT_FOUND', message: 'Prayer group not found.' })
          : HttpResponse.json(PrayerGroupDetailSchema.parse(group));
      }),
      http.delete(`${API}/prayer-groups/${group._id}`, () => {
        calls.push('DELETE');
        deleted.push(group._id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    await user.click(await screen.findByRole('button', { name: 'Delete Group' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Group' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Group' }),
    );

    await expectToast('Prayer group deleted');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prayer Groups' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/prayer-groups');
    expect(deleted).toEqual([group._id]);
    // The deleted group is not fetched again on the way out (no 'Not Found' flash).
    expect(calls).toEqual(['GET', 'DELETE']);
    expect(screen.queryByText('Prayer Group Not Found')).not.toBeInTheDocument();
  });

  it('keeps the group when it cannot be deleted', async () => {
    const group = adminGroup();
    serveGroup(group);
    server.use(
      http.delete(`${API}/prayer-groups/${group._id}`, () =>
        apiError(403, { code: 'FORBIDDEN', message: 'Only group admins can do that.' }),
      ),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    await user.click(await screen.findByRole('button', { name: 'Delete Group' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Group' }),
    );

    await expectToast('Failed to delete group', 'Only group admins can do that.');
    expect(currentUrl()).toBe(`/prayer-groups/${group._id}`);
  });

  it('asks an invited user to join a private group before showing its prayers', async () => {
    const group = adminGroup({ isPublic: false });
    serveGroup({ ...group, membership: 'invited', userIsAdmin: false });
    await renderAs(`/prayer-groups/${group._id}`, visitor);

    expect(await screen.findByRole('button', { name: 'Join Group' })).toBeInTheDocument();
    expect(
      screen.getByText('You were invited to this group. Join it to pray along with its members.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Join the group to see its prayers.')).toBeInTheDocument();
  });

  it.each([
    ['a missing or hidden group', '71000000-0000-4000-8000-999999999999'],
    ['a malformed id', 'not-a-uuid'],
  ])("says 'Prayer Group Not Found' for %s", async (_case, id) => {
    if (id === 'not-a-uuid') {
      server.use(
        http.get(`${API}/prayer-groups/${id}`, () =>
          apiError(400, { code: 'VALIDATION_FAILED', message: 'Invalid id.' }),
        ),
      );
    }
    await renderAs(`/prayer-groups/${id}`, admin);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prayer Group Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'The prayer group you are looking for does not exist or you do not have access.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Prayer Groups' })).toHaveAttribute(
      'href',
      '/prayer-groups',
    );
  });

  it('shows the error and a toast when the group cannot load', async () => {
    const id = '71000000-0000-4000-8000-888888888888';
    server.use(
      http.get(`${API}/prayer-groups/${id}`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    await renderAs(`/prayer-groups/${id}`, admin);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Internal Server Error');
    await expectToast('Error', 'Failed to load the prayer group. Please try again.');
  });

  it('loads more prayers page by page', async () => {
    const group = adminGroup();
    serveGroup(group);
    server.use(
      http.get(`${API}/prayer-groups/${group._id}/prayers`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          PrayerPageSchema.parse(
            cursor
              ? { data: [buildPrayer({ title: 'Second page' })], nextCursor: null }
              : { data: [buildPrayer({ title: 'First page' })], nextCursor: 'next' },
          ),
        );
      }),
    );
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    expect(await screen.findByRole('link', { name: 'First page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Second page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe("/prayer-groups/:id and its journal's rules", () => {
  /** Serves PUT /prayer-groups/{id}, recording the bodies, and answers with the changed group. */
  function serveUpdate(group: PrayerGroupDetail) {
    const updates: unknown[] = [];
    server.use(
      http.put(`${API}/prayer-groups/${group._id}`, async ({ request }) => {
        const body = (await request.json()) as Partial<PrayerGroupDetail>;
        updates.push(body);
        return HttpResponse.json(GroupResponseSchema.parse({ data: { ...group, ...body } }));
      }),
    );
    return updates;
  }

  it("says 'Private journal' and explains instead of asking for prayers it may not read", async () => {
    const group = visitorView(adminGroup({ journalTitle: null }));
    serveGroup(group);
    let prayersAsked = false;
    server.use(
      http.get(`${API}/prayer-groups/${group._id}/prayers`, () => {
        prayersAsked = true;
        return apiError(404, { code: 'NOT_FOUND', message: 'Prayer group not found.' });
      }),
    );
    await renderAs(`/prayer-groups/${group._id}`, visitor);

    await screen.findByRole('heading', { level: 1, name: 'Tuesday Circle' });
    expect(screen.getAllByText('Private journal')).toHaveLength(2);
    expect(screen.getByText('This group prays with a private journal.')).toBeInTheDocument();
    expect(
      screen.getByText('Its prayers are for the people the journal’s owner shares it with.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('City Prayers')).not.toBeInTheDocument();
    expect(prayersAsked).toBe(false);
  });

  it("keeps the privacy switch from an admin who does not own the group's journal", async () => {
    const group = adminGroup({ userOwnsJournal: false });
    serveGroup(group);
    const updates = serveUpdate(group);
    const { user } = await renderAs(`/prayer-groups/${group._id}`, admin);

    await user.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Prayer Group' });
    expect(
      within(dialog).getByText(
        "Change the name or description of the group. Only the journal's owner can change who can see it.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('switch', { name: 'Private' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Group name'), ' Two');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await expectToast('Prayer group updated!');
    expect(updates).toEqual([
      { name: 'Tuesday Circle Two', description: 'We pray for the city every Tuesday.' },
    ]);
  });

  it("lets the journal's owner who is not an admin change who can see the group, and delete it", async () => {
    const owner = buildUser({ firstName: 'Lois' });
    const group = adminGroup({ membership: 'member', userIsAdmin: false, userOwnsJournal: true });
    serveGroup(group);
    const updates = serveUpdate(group);
    const { user } = await renderAs(`/prayer-groups/${group._id}`, owner);

    expect(await screen.findByRole('heading', { name: 'Manage Group' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You own the group’s journal: you decide who can see the group, and may delete it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Group' })).toBeInTheDocument();
    // Inviting and managing members stay with the admins.
    expect(screen.queryByRole('button', { name: 'Invite Friends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Manage / })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change Visibility' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Prayer Group' });
    expect(within(dialog).queryByLabelText('Group name')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Private' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await expectToast('Prayer group updated!');
    expect(updates).toEqual([{ isPublic: false }]);
  });

  it("offers no demote or remove of the group's creator to other admins", async () => {
    const creator = buildGroupMember({ name: 'Ruth Moab', username: 'ruth', role: 'admin' });
    const secondAdmin = buildUser({ firstName: 'Orpah' });
    const group = adminGroup({
      creator: creator._id,
      userOwnsJournal: false,
      memberCount: 3,
      members: [
        creator,
        buildGroupMember({ _id: secondAdmin._id, name: 'Orpah Moab', role: 'admin' }),
        naomi,
      ],
    });
    serveGroup(group);
    await renderAs(`/prayer-groups/${group._id}`, secondAdmin);

    const members = await screen.findByRole('list', { name: 'Group members' });
    expect(within(members).getAllByRole('listitem')[0]).toHaveTextContent('AdminCreator@ruth');
    expect(screen.queryByRole('button', { name: 'Manage Ruth Moab' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Naomi Bethlehem' })).toBeInTheDocument();
  });

  it('lets the creator manage the other admins', async () => {
    const group = adminGroup({
      memberCount: 2,
      members: [
        buildGroupMember({ _id: admin._id, name: 'Ruth Moab', role: 'admin' }),
        buildGroupMember({ name: 'Orpah Moab', role: 'admin' }),
      ],
    });
    serveGroup(group);
    await renderAs(`/prayer-groups/${group._id}`, admin);

    expect(await screen.findByRole('button', { name: 'Manage Orpah Moab' })).toBeInTheDocument();
  });

  it('shows its admins the pending invitations', async () => {
    const group = adminGroup({
      invitations: [
        buildGroupInvitation({
          name: 'Lydia Thyatira',
          username: 'lydia',
          invitedAt: '2026-03-12T10:00:00.000Z',
        }),
      ],
    });
    serveGroup(group);
    await renderAs(`/prayer-groups/${group._id}`, admin);

    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LTLydia Thyatira@lydiaInvited Mar 12, 2026']);
  });

  it('says when there are no pending invitations', async () => {
    const group = adminGroup();
    serveGroup(group);
    await renderAs(`/prayer-groups/${group._id}`, admin);

    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('says that members it does not list keep their profiles private', async () => {
    const group = visitorView(adminGroup({ memberCount: 5 }));
    serveGroup(group);
    await renderAs(`/prayer-groups/${group._id}`, visitor);

    expect(
      await screen.findByText('and 3 more members, who keep their profiles private'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });
});
