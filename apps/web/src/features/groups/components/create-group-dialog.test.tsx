import { GroupResponseSchema } from '@selah/shared/schemas/groups';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buildJournal } from '@/testing/factories';
import { buildGroup } from '@/testing/group-factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { CreateGroupDialog } from './create-group-dialog';

const morning = buildJournal({ title: 'Morning Prayers', membership: 'owner' });
const family = buildJournal({ title: 'Family', membership: 'owner' });
const joined = buildJournal({ title: 'Church Journal', membership: 'member' });

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <CreateGroupDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function serveJournals(journals = [morning, family, joined]) {
  server.use(http.get(`${API}/journals/get`, () => HttpResponse.json(journals)));
}

/** Records every POST /prayer-groups body and answers 201 with the group. */
function recordCreateCalls() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/prayer-groups`, async ({ request }) => {
      const body = (await request.json()) as { name: string; isPublic: boolean };
      bodies.push(body);
      return HttpResponse.json(
        GroupResponseSchema.parse({
          data: buildGroup({
            name: body.name,
            isPublic: body.isPublic,
            membership: 'admin',
            userIsAdmin: true,
          }),
        }),
        { status: 201 },
      );
    }),
  );
  return bodies;
}

async function renderDialog() {
  const result = renderComponent(<Harness />);
  const dialog = screen.getByRole('dialog', { name: 'Create Prayer Group' });
  return { ...result, dialog };
}

async function chooseJournal(
  user: Awaited<ReturnType<typeof renderDialog>>['user'],
  dialog: HTMLElement,
  title: string,
) {
  await user.click(await within(dialog).findByRole('combobox', { name: 'Journal' }));
  await user.click(await screen.findByRole('option', { name: title }));
}

describe('CreateGroupDialog', () => {
  it('starts public (the Private switch off) and offers only the journals the user owns', async () => {
    serveJournals();
    const { dialog, user } = await renderDialog();

    expect(within(dialog).getByRole('switch', { name: 'Private' })).not.toBeChecked();
    expect(within(dialog).getByText('Anyone on Selah can find and join this group.')).toBeVisible();
    expect(within(dialog).getByText('0/50 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('0/500 characters')).toBeInTheDocument();

    await user.click(await within(dialog).findByRole('combobox', { name: 'Journal' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Morning Prayers', 'Family']);
  });

  it('shows the spec messages under the fields and sends nothing when they are missing', async () => {
    serveJournals();
    const bodies = recordCreateCalls();
    const { dialog, user } = await renderDialog();
    await within(dialog).findByRole('combobox', { name: 'Journal' });

    await user.type(within(dialog).getByLabelText('Group name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));

    expect(within(dialog).getByText('Group name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a journal to attach.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Group name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Group name')).toHaveFocus();
    await expectToast('Journal required', 'Please select a journal to attach.');
    expect(bodies).toEqual([]);
  });

  it('refuses a name over 50 and a description over 500 characters', async () => {
    serveJournals();
    const bodies = recordCreateCalls();
    const { dialog, user } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Group name'), 'x'.repeat(51));
    await user.click(within(dialog).getByLabelText('Description'));
    await user.paste('y'.repeat(501));
    await chooseJournal(user, dialog, 'Family');
    // The counters are part of each field's description, and say 'too long' before any check.
    expect(within(dialog).getByLabelText('Group name')).toHaveAccessibleDescription(
      '51/50 characters',
    );
    expect(within(dialog).getByLabelText('Group name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Description')).toHaveAccessibleDescription(
      '501/500 characters',
    );
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));

    expect(within(dialog).getByText('Group name cannot exceed 50 characters.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Description cannot exceed 500 characters.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByText('Please select a journal to attach.'),
    ).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it.each([
    [false, true],
    [true, false],
  ])(
    'with Private %s sends isPublic %s (the inverse), then resets and closes',
    async (makePrivate, isPublic) => {
      serveJournals();
      const bodies = recordCreateCalls();
      const { dialog, user } = await renderDialog();

      await user.type(within(dialog).getByLabelText('Group name'), '  Tuesday Circle  ');
      await user.type(within(dialog).getByLabelText('Description'), 'We pray on Tuesdays.');
      if (makePrivate) await user.click(within(dialog).getByRole('switch', { name: 'Private' }));
      await chooseJournal(user, dialog, 'Family');
      await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));

      await expectToast('Prayer group created!');
      expect(bodies).toEqual([
        {
          name: 'Tuesday Circle',
          description: 'We pray on Tuesdays.',
          isPublic,
          journalId: family._id,
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Open' }));
      const reopened = await screen.findByRole('dialog', { name: 'Create Prayer Group' });
      expect(within(reopened).getByLabelText('Group name')).toHaveValue('');
      expect(within(reopened).getByLabelText('Description')).toHaveValue('');
      expect(within(reopened).getByRole('switch', { name: 'Private' })).not.toBeChecked();
    },
  );

  it('forgets what was typed after Cancel', async () => {
    serveJournals();
    const { dialog, user } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Group name'), 'Draft');
    await user.click(within(dialog).getByRole('switch', { name: 'Private' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const reopened = await screen.findByRole('dialog', { name: 'Create Prayer Group' });
    expect(within(reopened).getByLabelText('Group name')).toHaveValue('');
    expect(within(reopened).getByRole('switch', { name: 'Private' })).not.toBeChecked();
  });

  it('explains that a journal is needed first and disables Create when the user owns none', async () => {
    serveJournals([joined]);
    const { dialog } = await renderDialog();

    expect(
      await within(dialog).findByText('You must create a journal before creating a group.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to My Journals' })).toHaveAttribute(
      'href',
      '/journals',
    );
    expect(within(dialog).getByRole('button', { name: 'Create Group' })).toBeDisabled();
  });

  it("shows 'Failed to create group' with the server's message", async () => {
    serveJournals();
    server.use(
      http.post(`${API}/prayer-groups`, () =>
        apiError(403, { code: 'FORBIDDEN', message: 'Please attach one of your own journals.' }),
      ),
    );
    const { dialog, user } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Group name'), 'Circle');
    await user.type(within(dialog).getByLabelText('Description'), 'Together.');
    await chooseJournal(user, dialog, 'Morning Prayers');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));

    await expectToast('Failed to create group', 'Please attach one of your own journals.');
    expect(screen.getByRole('dialog', { name: 'Create Prayer Group' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Group name')).toHaveValue('Circle');
  });

  it('says creating groups needs a paid plan (402), with an Upgrade link', async () => {
    serveJournals();
    const message =
      'Creating prayer groups needs the Premium or Ministry plan. Upgrade to create a group.';
    server.use(
      http.post(`${API}/prayer-groups`, () =>
        apiError(402, {
          code: 'PAYMENT_REQUIRED',
          message,
          details: { limit: 'groups', upgradeUrl: '/pricing' },
        }),
      ),
    );
    const { dialog, user } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Group name'), 'Circle');
    await user.type(within(dialog).getByLabelText('Description'), 'Together.');
    await chooseJournal(user, dialog, 'Morning Prayers');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(message);
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it("puts the server's field messages under the fields", async () => {
    serveJournals();
    server.use(
      http.post(`${API}/prayer-groups`, () =>
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Group name cannot exceed 50 characters.',
          details: [{ path: 'body.name', message: 'Group name cannot exceed 50 characters.' }],
        }),
      ),
    );
    const { dialog, user } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Group name'), 'Circle');
    await user.type(within(dialog).getByLabelText('Description'), 'Together.');
    await chooseJournal(user, dialog, 'Morning Prayers');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));

    await expectToast('Failed to create group', 'Group name cannot exceed 50 characters.');
    expect(within(dialog).getByLabelText('Group name')).toHaveAttribute('aria-invalid', 'true');
  });
});
