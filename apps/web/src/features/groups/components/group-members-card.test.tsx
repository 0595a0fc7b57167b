import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildGroupDetail, buildGroupMember } from '@/testing/group-factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { GroupMembersCard } from './group-members-card';

const adminId = '00000000-0000-4000-8000-0000000000a1';
const naomi = buildGroupMember({ name: 'Naomi Bethlehem', username: 'naomi' });
const group = buildGroupDetail({
  name: 'Tuesday Circle',
  creator: adminId,
  memberCount: 2,
  membership: 'admin',
  userIsAdmin: true,
  isPublic: false,
  members: [
    buildGroupMember({ _id: adminId, name: 'Ruth Moab', username: 'ruth', role: 'admin' }),
    naomi,
  ],
});

async function confirmRemovingNaomi() {
  const { user } = renderComponent(<GroupMembersCard group={group} currentUserId={adminId} />);
  await user.click(screen.getByRole('button', { name: 'Manage Naomi Bethlehem' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remove from group' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Remove Naomi Bethlehem?' });
  expect(confirm).toHaveTextContent(
    'Naomi Bethlehem will no longer be a member of “Tuesday Circle”. They will need a new invitation to come back.',
  );
  await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
}

describe('GroupMembersCard', () => {
  it('removes a member after the confirmation, then closes it', async () => {
    server.use(
      http.delete(
        `${API}/prayer-groups/${group._id}/members/${naomi._id}`,
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    await confirmRemovingNaomi();

    await expectToast('Member removed', 'Naomi Bethlehem was removed from the group.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says why a removal failed and closes the confirmation, as for journals', async () => {
    server.use(
      http.delete(`${API}/prayer-groups/${group._id}/members/${naomi._id}`, () =>
        apiError(404, { code: 'NOT_FOUND', message: 'Member not found.' }),
      ),
    );
    await confirmRemovingNaomi();

    await expectToast('Failed to remove member', 'Member not found.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
