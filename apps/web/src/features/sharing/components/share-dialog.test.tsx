import { FriendListSchema } from '@selah/shared/schemas/friends';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { buildFriend } from '@/testing/social-factories';
import { expectToast } from '@/testing/toasts';
import { ShareDialog } from './share-dialog';

const JOURNAL_ID = '10000000-0000-4000-8000-000000000042';
const peter = buildFriend({ firstName: 'Peter', lastName: 'Jones', username: 'peter' });
const noName = buildFriend({ firstName: '', lastName: '', email: 'anna@example.com' });

function Harness({ kind = 'journal' as const }: { kind?: 'journal' | 'prayer' }) {
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
  it("lists the user's real friends, by name or else e-mail, and the journal link", async () => {
    serveFriends();
    const { dialog } = renderDialog();

    expect(await within(dialog).findByRole('checkbox', { name: /Peter Jones/ })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /anna@example.com/ })).toBeInTheDocument();
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
