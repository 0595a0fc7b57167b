import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buildJournal } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { CreateJournalDialog } from './create-journal-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <CreateJournalDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Records every POST /journals body and answers 201. */
function recordCreateCalls() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/journals`, async ({ request }) => {
      const body = (await request.json()) as { title: string };
      bodies.push(body);
      return HttpResponse.json(buildJournal({ title: body.title }), { status: 201 });
    }),
  );
  return bodies;
}

function renderDialog() {
  const result = renderComponent(<Harness />);
  const dialog = screen.getByRole('dialog', { name: 'Create New Journal' });
  return { ...result, dialog };
}

describe('CreateJournalDialog', () => {
  it('starts private, without a category and with the initial prayer off', () => {
    const { dialog } = renderDialog();

    expect(within(dialog).getByRole('radio', { name: /Private/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Public/ })).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Category (optional)' })).toHaveTextContent(
      'No category',
    );
    expect(within(dialog).getByRole('switch', { name: 'Add an initial prayer' })).not.toBeChecked();
    expect(within(dialog).queryByLabelText('Initial prayer')).not.toBeInTheDocument();
    expect(within(dialog).getByText('0/50 characters')).toBeInTheDocument();
  });

  it('counts the title characters as they are typed', async () => {
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'Psalms');

    expect(within(dialog).getByText('6/50 characters')).toBeInTheDocument();
  });

  it.each([
    ['Daily Devotional', 'A daily record of Scripture reading, reflections and prayers.'],
    ['Family Prayers', "Prayers for my family: each one's health, faith, needs and blessings."],
  ])('prefills title and description from the %s template', async (name, description) => {
    const { dialog, user } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) }));

    expect(within(dialog).getByLabelText('Title')).toHaveValue(name);
    expect(within(dialog).getByLabelText('Description')).toHaveValue(description);
    expect(within(dialog).getByText(`${name.length}/50 characters`)).toBeInTheDocument();
  });

  it('asks for a title before sending anything', async () => {
    const bodies = recordCreateCalls();
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Journal' }));

    expect(await screen.findByText('Title required')).toBeInTheDocument();
    expect(screen.getByText('Please provide a title for your journal.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('refuses a title longer than 50 characters', async () => {
    const bodies = recordCreateCalls();
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'x'.repeat(51));
    expect(within(dialog).getByText('51/50 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Create Journal' }));

    expect(await screen.findByText('Title too long')).toBeInTheDocument();
    expect(screen.getByText('Journal title must be 50 characters or less.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends title, description, privacy and category, then resets and closes', async () => {
    const bodies = recordCreateCalls();
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), '  Church Family  ');
    await user.type(within(dialog).getByLabelText('Description'), 'Our small group');
    await user.click(within(dialog).getByRole('radio', { name: /Public/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Category (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Family' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Journal' }));

    expect(await screen.findByText('Journal created!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        title: 'Church Family',
        description: 'Our small group',
        isPrivate: false,
        category: 'Family',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const reopened = await screen.findByRole('dialog', { name: 'Create New Journal' });
    expect(within(reopened).getByLabelText('Title')).toHaveValue('');
    expect(within(reopened).getByRole('radio', { name: /Private/ })).toBeChecked();
  });

  it('sends the initial prayer only when switched on and not blank', async () => {
    const bodies = recordCreateCalls();
    const { dialog, user } = renderDialog();
    const title = within(dialog).getByLabelText('Title');
    const toggle = within(dialog).getByRole('switch', { name: 'Add an initial prayer' });
    const submit = () =>
      user.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Journal' }),
      );

    // On, but blank.
    await user.type(title, 'First');
    await user.click(toggle);
    await user.type(within(dialog).getByLabelText('Initial prayer'), '   ');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('initialPrayer');

    // Written, then switched off again.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    let current = await screen.findByRole('dialog');
    await user.type(within(current).getByLabelText('Title'), 'Second');
    await user.click(within(current).getByRole('switch', { name: 'Add an initial prayer' }));
    await user.type(within(current).getByLabelText('Initial prayer'), 'Lord, lead us.');
    await user.click(within(current).getByRole('switch', { name: 'Add an initial prayer' }));
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty('initialPrayer');

    // On and written.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    current = await screen.findByRole('dialog');
    await user.type(within(current).getByLabelText('Title'), 'Third');
    await user.click(within(current).getByRole('switch', { name: 'Add an initial prayer' }));
    await user.type(within(current).getByLabelText('Initial prayer'), '  Lord, lead us.  ');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toMatchObject({ title: 'Third', initialPrayer: 'Lord, lead us.' });
  });

  it("shows the server's reason when the journal cannot be created", async () => {
    server.use(
      http.post(`${API}/journals`, () =>
        apiError(402, {
          code: 'PAYMENT_REQUIRED',
          message: 'The Free plan allows 3 journals. Upgrade to create more.',
        }),
      ),
    );
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'Fourth');
    await user.click(within(dialog).getByRole('button', { name: 'Create Journal' }));

    await expectToast(
      'Failed to create journal',
      'The Free plan allows 3 journals. Upgrade to create more.',
    );
    // The draft stays so the user can try again.
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Fourth');
  });

  it('names a plan limit (402) in the dialog with an Upgrade link to /pricing', async () => {
    const message = 'The Free plan allows 3 journals. Upgrade to Premium for unlimited journals.';
    server.use(
      http.post(`${API}/journals`, () =>
        apiError(402, {
          code: 'PAYMENT_REQUIRED',
          message,
          details: { limit: 'journals', upgradeUrl: '/pricing' },
        }),
      ),
    );
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'Fourth');
    await user.click(within(dialog).getByRole('button', { name: 'Create Journal' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(message);
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );

    // Closing forgets it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const reopened = await screen.findByRole('dialog', { name: 'Create New Journal' });
    expect(within(reopened).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows server validation messages under the field', async () => {
    server.use(
      http.post(`${API}/journals`, () =>
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Journal title must be 50 characters or less.',
          details: [{ path: 'title', message: 'Journal title must be 50 characters or less.' }],
        }),
      ),
    );
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'Fine here');
    await user.click(within(dialog).getByRole('button', { name: 'Create Journal' }));

    expect(await screen.findByText('Failed to create journal')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription(
      /Journal title must be 50 characters or less\./,
    );
  });
});
