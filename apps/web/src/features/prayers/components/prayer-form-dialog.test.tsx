import type { CreatePrayerInput } from '@selah/shared/schemas/prayers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buildJournal, buildPrayer } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { PrayerFormDialog } from './prayer-form-dialog';

const mine = buildJournal({ title: 'Morning Prayers', membership: 'owner' });
const second = buildJournal({ title: 'Family Prayers', membership: 'owner' });
const theirs = buildJournal({ title: "Ann's Journal", membership: 'member' });

function Harness({ defaultJournalId }: { defaultJournalId?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <PrayerFormDialog
        open={open}
        onOpenChange={setOpen}
        {...(defaultJournalId ? { defaultJournalId } : {})}
      />
    </>
  );
}

function withJournals(journals = [theirs, mine, second]) {
  server.use(http.get(`${API}/journals/get`, () => HttpResponse.json(journals)));
}

/** Records the bodies of POST /prayers and answers 201. */
function recordCreates() {
  const bodies: CreatePrayerInput[] = [];
  server.use(
    http.post(`${API}/prayers`, async ({ request }) => {
      const body = (await request.json()) as CreatePrayerInput;
      bodies.push(body);
      return HttpResponse.json(
        buildPrayer({
          title: body.title,
          journal: body.journal,
          journalTitle: 'Morning Prayers',
        }),
        { status: 201 },
      );
    }),
  );
  return bodies;
}

async function renderDialog(defaultJournalId?: string) {
  const result = renderComponent(<Harness {...(defaultJournalId ? { defaultJournalId } : {})} />);
  const dialog = await screen.findByRole('dialog', { name: 'Add New Prayer' });
  // The journal select appears once the journals are loaded.
  await within(dialog).findByRole('combobox', { name: 'Journal' });
  return { ...result, dialog };
}

describe('PrayerFormDialog', () => {
  it('asks for a title before sending anything', async () => {
    withJournals();
    const bodies = recordCreates();
    const { user, dialog } = await renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));

    await expectToast('Title required', 'Please provide a title for your prayer.');
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toHaveLength(0);
  });

  it('rejects a title over 50 characters and counts the characters', async () => {
    withJournals();
    const bodies = recordCreates();
    const { user, dialog } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'x'.repeat(51));
    expect(within(dialog).getByText('51/50 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));

    await expectToast('Title too long', 'Prayer title must be 50 characters or less.');
    expect(bodies).toHaveLength(0);
  });

  it('defaults to the first journal the user owns and sends a private prayer without a verse', async () => {
    withJournals();
    const bodies = recordCreates();
    const { user, dialog } = await renderDialog();

    expect(within(dialog).getByRole('combobox', { name: 'Journal' })).toHaveTextContent(
      'Morning Prayers',
    );
    expect(within(dialog).getByRole('switch', { name: 'Private prayer' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Title'), '  Healing for Dad  ');
    await user.type(within(dialog).getByLabelText('Prayer'), 'Strength for the surgery.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Health' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      title: 'Healing for Dad',
      content: 'Strength for the surgery.',
      category: 'Health',
      journal: mine._id,
      isPrivate: true,
    });
    expect(await screen.findByText('Prayer added!')).toBeInTheDocument();
    // Closed after success, and the fields start empty next time.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const again = await screen.findByRole('dialog', { name: 'Add New Prayer' });
    expect(within(again).getByLabelText('Title')).toHaveValue('');
    expect(within(again).getByLabelText('Prayer')).toHaveValue('');
    expect(within(again).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Personal');
  });

  it('uses the given journal and sends the memory verse only while its toggle is on', async () => {
    withJournals();
    const bodies = recordCreates();
    const { user, dialog } = await renderDialog(second._id);

    expect(within(dialog).getByRole('combobox', { name: 'Journal' })).toHaveTextContent(
      'Family Prayers',
    );
    await user.type(within(dialog).getByLabelText('Title'), 'Peace at home');
    await user.click(within(dialog).getByRole('switch', { name: 'Add a memory verse' }));
    await user.type(within(dialog).getByLabelText('Verse'), 'Be still, and know that I am God.');
    await user.type(within(dialog).getByLabelText('Reference'), 'Psalm 46:10');
    // Switched off again: the verse is not sent.
    await user.click(within(dialog).getByRole('switch', { name: 'Add a memory verse' }));
    expect(within(dialog).queryByLabelText('Verse')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Private prayer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('memoryVerse');
    expect(bodies[0]).toMatchObject({ journal: second._id, isPrivate: false });

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const again = await screen.findByRole('dialog', { name: 'Add New Prayer' });
    await user.type(within(again).getByLabelText('Title'), 'Courage');
    await user.click(within(again).getByRole('switch', { name: 'Add a memory verse' }));
    await user.type(within(again).getByLabelText('Verse'), 'Be strong and courageous.');
    await user.click(within(again).getByRole('button', { name: 'Add Prayer' }));
    await expectToast('Memory verse incomplete', 'Please enter the verse reference.');
    await user.type(within(again).getByLabelText('Reference'), 'Joshua 1:9');
    await user.click(within(again).getByRole('button', { name: 'Add Prayer' }));

    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.memoryVerse).toEqual({
      verse: 'Be strong and courageous.',
      reference: 'Joshua 1:9',
    });
  });

  it("refuses a journal the user does not own ('Permission Denied')", async () => {
    withJournals();
    const bodies = recordCreates();
    const { user, dialog } = await renderDialog(theirs._id);

    expect(within(dialog).getByRole('combobox', { name: 'Journal' })).toHaveTextContent(
      "Ann's Journal (not yours)",
    );
    await user.type(within(dialog).getByLabelText('Title'), 'For the church');
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));

    await expectToast('Permission Denied', 'You can only add prayers to your own journal.');
    expect(bodies).toHaveLength(0);
  });

  it("asks for a journal when the user has none ('Journal required')", async () => {
    withJournals([theirs]);
    const bodies = recordCreates();
    const { user, dialog } = await renderDialog();

    expect(within(dialog).getByRole('combobox', { name: 'Journal' })).toHaveTextContent(
      'No journals yet',
    );
    await user.type(within(dialog).getByLabelText('Title'), 'Wisdom');
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));

    await expectToast(
      'Journal required',
      "Please select a journal for your prayer. If you don't have any, please create one first.",
    );
    expect(bodies).toHaveLength(0);
  });

  it("shows the server's 403 as 'Permission Denied' and other failures with the spec's text", async () => {
    withJournals();
    let status = 403;
    server.use(
      http.post(`${API}/prayers`, () =>
        status === 403
          ? apiError(403, {
              code: 'FORBIDDEN',
              message: 'You can only add prayers to your own journal.',
            })
          : new HttpResponse(null, { status: 500 }),
      ),
    );
    const { user, dialog } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'Provision');
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));
    await expectToast('Permission Denied', 'You can only add prayers to your own journal.');

    status = 500;
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));
    await expectToast(
      'Failed to add prayer',
      'There was an error adding your prayer. Please try again.',
    );
    // The fields are kept so nothing typed is lost.
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Provision');
  });

  it('names a plan limit and offers an upgrade', async () => {
    withJournals();
    server.use(
      http.post(`${API}/prayers`, () =>
        apiError(402, {
          code: 'PAYMENT_REQUIRED',
          message: 'The Free plan keeps up to 50 prayer points. Upgrade to add more.',
        }),
      ),
    );
    const { user, dialog, router } = await renderDialog();

    await user.type(within(dialog).getByLabelText('Title'), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Add Prayer' }));

    await expectToast(
      'Failed to add prayer',
      'The Free plan keeps up to 50 prayer points. Upgrade to add more.',
    );
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('The Free plan keeps up to 50 prayer points.');
    await user.click(within(alert).getByRole('link', { name: 'Upgrade' }));
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
