import { FriendListSchema, SharedWithSchema, type PublicUser } from '@selah/shared/schemas/friends';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { buildFriend, buildPublicUser } from '@/testing/social-factories';
import { expectToast } from '@/testing/toasts';
import { ShareDialog } from './share-dialog';

const JOURNAL_ID = '10000000-0000-4000-8000-000000000042';
const peter = buildFriend({ firstName: 'Peter', lastName: 'Jones', username: 'peter' });
const noName = buildFriend({
  firstName: '',
  lastName: '',
  username: 'anna.k',
  email: 'anna@example.com',
});

function Harness({
  kind = 'journal',
  isOwner = false,
  isPublicJournal = false,
  canShareWithFriends = true,
}: {
  kind?: 'journal' | 'prayer';
  isOwner?: boolean;
  isPublicJournal?: boolean;
  canShareWithFriends?: boolean;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ShareDialog
        open={open}
        onOpenChange={setOpen}
        kind={kind}
        id={JOURNAL_ID}
        title="Morning Prayers"
        isOwner={isOwner}
        isPublicJournal={isPublicJournal}
        canShareWithFriends={canShareWithFriends}
      />
    </>
  );
}

function serveFriends(friends = [peter, noName]) {
  server.use(
    http.get(`${API}/friends`, () => HttpResponse.json(FriendListSchema.parse({ data: friends }))),
  );
}

function renderDialog() {
  const result = renderComponent(<Harness />);
  return { ...result, dialog: screen.getByRole('dialog', { name: 'Share Journal' }) };
}

describe('ShareDialog', () => {
  it("lists the user's real friends, by name or else username, and the journal link", async () => {
    serveFriends();
    const { dialog } = renderDialog();

    expect(await within(dialog).findByRole('checkbox', { name: /Peter Jones/ })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /anna\.k/ })).toBeInTheDocument();
    expect(
      within(dialog).getByText('Share “Morning Prayers” with your friends, or copy its link.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Journal link')).toHaveValue(
      `${window.location.origin}/journal/${JOURNAL_ID}`,
    );
  });

  it('shares a journal through POST /journals/{id}/share', async () => {
    serveFriends();
    const shares: unknown[] = [];
    server.use(
      http.post(`${API}/journals/${JOURNAL_ID}/share`, async ({ request }) => {
        shares.push(await request.json());
        return HttpResponse.json({ message: 'Shared successfully with 1 person.', sharedWith: 1 });
      }),
    );
    const { dialog, user } = renderDialog();

    await user.click(await within(dialog).findByRole('checkbox', { name: /Peter Jones/ }));
    expect(within(dialog).getByText('1 selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    await expectToast('Shared successfully!', '"Morning Prayers" was shared with 1 person.');
    expect(shares).toEqual([{ userIds: [peter._id] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Each opening starts with nobody ticked.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const reopened = await screen.findByRole('dialog', { name: 'Share Journal' });
    expect(
      await within(reopened).findByRole('checkbox', { name: /Peter Jones/ }),
    ).not.toBeChecked();
  });

  it("names the journal's member limit (402) with an Upgrade link", async () => {
    serveFriends();
    const message =
      "This journal has reached the Free plan's limit of 20 members. The Ministry plan allows up to 100 members per journal.";
    server.use(
      http.post(`${API}/journals/${JOURNAL_ID}/share`, () =>
        apiError(402, {
          code: 'PAYMENT_REQUIRED',
          message,
          details: { limit: 'members', upgradeUrl: '/pricing' },
        }),
      ),
    );
    const { dialog, user } = renderDialog();

    await user.click(await within(dialog).findByRole('checkbox', { name: /Peter Jones/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(message);
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it("tells a member of someone else's private journal that only the owner shares it, and keeps the link", async () => {
    let asked = false;
    server.use(
      http.get(`${API}/friends`, () => {
        asked = true;
        return HttpResponse.json(FriendListSchema.parse({ data: [peter] }));
      }),
    );
    renderComponent(<Harness canShareWithFriends={false} />);
    const dialog = screen.getByRole('dialog', { name: 'Share Journal' });
    expect(
      within(dialog).getByText(
        'Only the owner can share a private journal. Its link opens it for its members.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Journal link')).toHaveValue(
      `${window.location.origin}/journal/${JOURNAL_ID}`,
    );
    expect(asked).toBe(false);
  });

  it('unticks a friend again', async () => {
    serveFriends();
    const { dialog, user } = renderDialog();
    const box = await within(dialog).findByRole('checkbox', { name: /Peter Jones/ });

    await user.click(box);
    await user.click(box);

    expect(box).not.toBeChecked();
    expect(within(dialog).getByText('No one selected yet.')).toBeInTheDocument();
  });

  it('says when there is nobody to share with, with a way to find friends', async () => {
    serveFriends([]);
    const { dialog } = renderDialog();

    expect(
      await within(dialog).findByText('You have no friends to share with yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Find friends' })).toHaveAttribute(
      'href',
      '/friends',
    );
    expect(within(dialog).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    // The link can still be copied.
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeEnabled();
  });

  it('says when the friends cannot load, with a retry', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/friends`, () =>
        fail
          ? apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' })
          : HttpResponse.json(FriendListSchema.parse({ data: [peter] })),
      ),
    );
    const { dialog, user } = renderDialog();

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load friends');
    expect(alert).toHaveTextContent('Unable to load your friends list. Please try again.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByRole('checkbox', { name: /Peter Jones/ }),
    ).toBeInTheDocument();
  });

  it('filters a long friends list', async () => {
    const many = ['Abel', 'Boaz', 'Caleb', 'Dinah', 'Esther', 'Gideon', 'Hannah'].map((name) =>
      buildFriend({ firstName: name, lastName: 'Test' }),
    );
    serveFriends(many);
    const { dialog, user } = renderDialog();

    // Every one of them is a 'Test'.
    await user.type(
      await within(dialog).findByRole('searchbox', { name: 'Filter friends' }),
      'test',
    );
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(7);

    await user.clear(within(dialog).getByRole('searchbox', { name: 'Filter friends' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Filter friends' }), 'esth');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dialog).getByRole('checkbox', { name: /Esther Test/ })).toBeInTheDocument();
  });
});

describe('ShareDialog: Shared with', () => {
  const naomi = buildPublicUser({ firstName: 'Naomi', lastName: 'Bethlehem', username: 'naomi' });
  const orpah = buildPublicUser({ firstName: 'Orpah', lastName: 'Moab', username: 'orpah' });

  /** Serves GET /{kind}s/{id}/shares from `people`, which a DELETE then changes. */
  function serveShares(kind: 'journal' | 'prayer', people: PublicUser[]) {
    const list = [...people];
    const deleted: string[] = [];
    server.use(
      http.get(`${API}/${kind}s/${JOURNAL_ID}/shares`, () =>
        HttpResponse.json(SharedWithSchema.parse({ data: list })),
      ),
      http.delete(`${API}/${kind}s/${JOURNAL_ID}/share/:userId`, ({ params }) => {
        const userId = String(params.userId);
        deleted.push(userId);
        list.splice(
          list.findIndex((person) => person._id === userId),
          1,
        );
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return deleted;
  }

  function renderOwnerDialog(props: { kind?: 'journal' | 'prayer'; isPublicJournal?: boolean }) {
    serveFriends();
    const result = renderComponent(<Harness isOwner {...props} />);
    const name = props.kind === 'prayer' ? 'Share Prayer' : 'Share Journal';
    return { ...result, dialog: screen.getByRole('dialog', { name }) };
  }

  it('lists who a private journal is shared with, and stops sharing with one of them', async () => {
    const deleted = serveShares('journal', [naomi, orpah]);
    const { dialog, user } = renderOwnerDialog({});

    const list = await within(dialog).findByRole('list', { name: 'Shared with' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NBNaomi Bethlehem@naomiStop sharing', 'OMOrpah Moab@orpahStop sharing']);

    await user.click(
      within(list).getByRole('button', { name: 'Stop sharing with Naomi Bethlehem' }),
    );

    await expectToast('Stopped sharing', 'Naomi Bethlehem can no longer read "Morning Prayers".');
    expect(deleted).toEqual([naomi._id]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('Orpah Moab')).toBeInTheDocument();
    // The dialog stays open for more changes.
    expect(screen.getByRole('dialog', { name: 'Share Journal' })).toBeInTheDocument();
  });

  it('takes back the share of a prayer through DELETE /prayers/{id}/share/{userId}', async () => {
    const deleted = serveShares('prayer', [orpah]);
    const { dialog, user } = renderOwnerDialog({ kind: 'prayer' });

    await user.click(
      await within(dialog).findByRole('button', { name: 'Stop sharing with Orpah Moab' }),
    );

    await expectToast('Stopped sharing', 'Orpah Moab can no longer read "Morning Prayers".');
    expect(deleted).toEqual([orpah._id]);
    expect(
      await within(dialog).findByText('You have not shared this prayer with anyone yet.'),
    ).toBeInTheDocument();
  });

  it('shows friends it is already shared with as such, until the share is taken back', async () => {
    serveShares('journal', [
      buildPublicUser({ _id: peter._id, firstName: 'Peter', lastName: 'Jones', username: 'peter' }),
    ]);
    const { dialog, user } = renderOwnerDialog({});

    await within(dialog).findByRole('list', { name: 'Shared with' });
    const box = within(dialog).getByRole('checkbox', { name: /Peter Jones/ });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(within(dialog).getByText('Already shared')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing with Peter Jones' }));

    await expectToast('Stopped sharing');
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
  });

  it('says so when nothing is shared yet', async () => {
    serveShares('journal', []);
    const { dialog } = renderOwnerDialog({});

    expect(
      await within(dialog).findByText('You have not shared this journal with anyone yet.'),
    ).toBeInTheDocument();
  });

  it('shows a loading state while the list loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/journals/${JOURNAL_ID}/shares`, async () => {
        await gate;
        return HttpResponse.json({ data: [naomi] });
      }),
    );
    const { dialog } = renderOwnerDialog({});

    expect(
      await within(dialog).findByText('Loading who this is shared with...'),
    ).toBeInTheDocument();
    release();
    expect(await within(dialog).findByText('Naomi Bethlehem')).toBeInTheDocument();
  });

  it('says when the list cannot load, with a retry', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/journals/${JOURNAL_ID}/shares`, () =>
        fail
          ? apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' })
          : HttpResponse.json({ data: [naomi] }),
      ),
    );
    const { dialog, user } = renderOwnerDialog({});

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load who this is shared with.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Naomi Bethlehem')).toBeInTheDocument();
  });

  it('reports a share that cannot be taken back, and keeps the person listed', async () => {
    serveShares('journal', [naomi]);
    server.use(
      http.delete(`${API}/journals/${JOURNAL_ID}/share/:userId`, () =>
        apiError(404, { code: 'NOT_FOUND', message: 'Share not found.' }),
      ),
    );
    const { dialog, user } = renderOwnerDialog({});

    await user.click(
      await within(dialog).findByRole('button', { name: 'Stop sharing with Naomi Bethlehem' }),
    );

    await expectToast('Failed to stop sharing', 'Share not found.');
    expect(within(dialog).getByText('Naomi Bethlehem')).toBeInTheDocument();
  });

  it('explains that a public journal has no shares to take back', async () => {
    let asked = false;
    server.use(
      http.get(`${API}/journals/${JOURNAL_ID}/shares`, () => {
        asked = true;
        return HttpResponse.json({ data: [] });
      }),
    );
    const { dialog } = renderOwnerDialog({ isPublicJournal: true });

    expect(
      within(dialog).getByText(
        'This journal is public: anyone signed in can read it, so there is no share to take back.',
      ),
    ).toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('is not shown to someone who does not own the journal', async () => {
    serveFriends();
    renderComponent(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Share Journal' });

    expect(
      await within(dialog).findByRole('checkbox', { name: /Peter Jones/ }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Shared with' })).not.toBeInTheDocument();
  });
});
