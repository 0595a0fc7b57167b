import type { Prayer } from '@selah/shared/schemas/prayers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { buildPrayer, buildUser } from '@/testing/factories';
import { API } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { PrayerDetailsDialog } from './prayer-details-dialog';

const me = buildUser({ _id: '00000000-0000-4000-8000-0000000000aa' });

function Harness({ prayer }: { prayer: Prayer }) {
  const [current, setCurrent] = useState<Prayer | null>(prayer);
  return (
    <PrayerDetailsDialog
      prayer={current}
      onOpenChange={(open) => {
        if (!open) setCurrent(null);
      }}
    />
  );
}

async function renderDetails(prayer: Prayer) {
  const result = renderComponent(<Harness prayer={prayer} />);
  const dialog = await screen.findByRole('dialog', { name: prayer.title });
  return { ...result, dialog };
}

/** PUT /prayers/:id/status answers with the prayer in its new state. */
function statusEndpoint(prayer: Prayer) {
  const bodies: unknown[] = [];
  server.use(
    http.put(`${API}/prayers/:id/status`, async ({ request }) => {
      const body = (await request.json()) as { isAnswered: boolean };
      bodies.push(body);
      return HttpResponse.json({
        ...prayer,
        status: body.isAnswered ? 'answered' : 'pending',
        answeredAt: body.isAnswered ? '2026-03-20T09:00:00.000Z' : null,
      });
    }),
  );
  return bodies;
}

describe('PrayerDetailsDialog', () => {
  beforeEach(() => useAuthStore.setState({ token: 'token', user: me }));

  it('shows the prayer with its memory verse and no testimony section while pending', async () => {
    const prayer = buildPrayer({
      author: me._id,
      title: 'Healing for Dad',
      content: 'Strength for the surgery.',
      category: 'Health',
      memoryVerse: { verse: 'The Lord is my shepherd.', reference: 'Psalm 23:1' },
    });
    const { dialog } = await renderDetails(prayer);

    expect(within(dialog).getByText('Strength for the surgery.')).toBeInTheDocument();
    expect(within(dialog).getByText('Health')).toBeInTheDocument();
    expect(within(dialog).getByText('“The Lord is my shepherd.”')).toBeInTheDocument();
    expect(within(dialog).getByText('Psalm 23:1')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark Answered' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Testimonies' })).not.toBeInTheDocument();
  });

  it('offers to set a rhythm, and to change it once one is set', async () => {
    const none = buildPrayer({ author: me._id, title: 'No rhythm yet' });
    const first = await renderDetails(none);
    expect(within(first.dialog).getByText('No rhythm')).toBeInTheDocument();
    expect(within(first.dialog).getByRole('button', { name: 'Set rhythm' })).toBeInTheDocument();
    first.unmount();

    const daily = buildPrayer({
      author: me._id,
      title: 'Every day',
      rhythm: { ...none.rhythm, kind: 'daily' },
    });
    const { dialog } = await renderDetails(daily);
    expect(within(dialog).getByText('Daily')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change rhythm' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Set rhythm' })).not.toBeInTheDocument();
  });

  it('marks a prayer answered and pending again, with the status toasts', async () => {
    const prayer = buildPrayer({ author: me._id, title: 'New job' });
    const bodies = statusEndpoint(prayer);
    const { user, dialog } = await renderDetails(prayer);

    await user.click(within(dialog).getByRole('button', { name: 'Mark Answered' }));
    await expectToast('Prayer status updated!', 'Prayer "New job" is now answered.');
    expect(await within(dialog).findByRole('heading', { name: 'Testimonies' })).toBeInTheDocument();
    expect(within(dialog).getByText('No testimonies yet.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Mark Pending' }));
    await expectToast('Prayer status updated!', 'Prayer "New job" is now pending.');
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('heading', { name: 'Testimonies' }),
      ).not.toBeInTheDocument(),
    );
    expect(bodies).toEqual([{ isAnswered: true }, { isAnswered: false }]);
  });

  it("shows the spec's error when the status cannot be changed", async () => {
    server.use(
      http.put(`${API}/prayers/:id/status`, () => new HttpResponse(null, { status: 500 })),
    );
    const { user, dialog } = await renderDetails(buildPrayer({ author: me._id }));

    await user.click(within(dialog).getByRole('button', { name: 'Mark Answered' }));

    await expectToast(
      'Error updating prayer status',
      'There was an error updating the prayer status. Please try again.',
    );
  });

  it('adds testimonies to an answered prayer and refuses an empty one', async () => {
    const prayer = buildPrayer({
      author: me._id,
      status: 'answered',
      answeredAt: '2026-03-20T09:00:00.000Z',
      testimonies: ['The tests came back clear.'],
    });
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/prayers/:id/testimony`, async ({ request }) => {
        const body = (await request.json()) as { testimony: string };
        sent.push(body);
        return HttpResponse.json({
          ...prayer,
          testimonies: [...prayer.testimonies, body.testimony],
        });
      }),
    );
    const { user, dialog } = await renderDetails(prayer);

    expect(within(dialog).getByText('The tests came back clear.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your testimony'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Testimony' }));
    await expectToast(
      'Testimony cannot be empty',
      'Please enter your testimony before submitting.',
    );
    expect(sent).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Your testimony'));
    await user.type(within(dialog).getByLabelText('Your testimony'), 'Fully healed!');
    await user.click(within(dialog).getByRole('button', { name: 'Add Testimony' }));

    expect(await screen.findByText('Testimony added!')).toBeInTheDocument();
    expect(await within(dialog).findByText('Fully healed!')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your testimony')).toHaveValue('');
    expect(sent).toEqual([{ testimony: 'Fully healed!' }]);
  });

  it("shows the spec's error when a testimony cannot be added", async () => {
    server.use(
      http.post(`${API}/prayers/:id/testimony`, () => new HttpResponse(null, { status: 500 })),
    );
    const { user, dialog } = await renderDetails(
      buildPrayer({ author: me._id, status: 'answered', answeredAt: '2026-03-20T09:00:00.000Z' }),
    );

    await user.type(within(dialog).getByLabelText('Your testimony'), 'Thank you, Lord');
    await user.click(within(dialog).getByRole('button', { name: 'Add Testimony' }));

    await expectToast(
      'Error adding testimony',
      'There was an error adding your testimony. Please try again.',
    );
  });

  it('deletes only after the confirmation, then closes', async () => {
    const prayer = buildPrayer({ author: me._id, title: 'Old request' });
    const deleted: string[] = [];
    server.use(
      http.delete(`${API}/prayers/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, dialog } = await renderDetails(prayer);

    await user.click(within(dialog).getByRole('button', { name: 'Delete Prayer' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this prayer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete Prayer' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this prayer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Prayer Deleted')).toBeInTheDocument();
    expect(deleted).toEqual([prayer._id]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the spec's error when deleting fails", async () => {
    server.use(http.delete(`${API}/prayers/:id`, () => new HttpResponse(null, { status: 500 })));
    const prayer = buildPrayer({ author: me._id });
    const { user, dialog } = await renderDetails(prayer);

    await user.click(within(dialog).getByRole('button', { name: 'Delete Prayer' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await expectToast(
      'Error deleting prayer',
      'There was an error deleting the prayer. Please try again.',
    );
    expect(screen.getByRole('dialog', { name: prayer.title })).toBeInTheDocument();
  });

  it('is read-only for someone who is not the author', async () => {
    const { dialog } = await renderDetails(
      buildPrayer({
        author: '00000000-0000-4000-8000-0000000000bb',
        status: 'answered',
        answeredAt: '2026-03-20T09:00:00.000Z',
        testimonies: ['He answered.'],
      }),
    );

    expect(within(dialog).getByText('He answered.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete Prayer' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Your testimony')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit Prayer' })).not.toBeInTheDocument();
  });

  it('edits the prayer in the one prayer form, filled as it is, and shows the change (issue 29 §2)', async () => {
    const prayer = buildPrayer({
      author: me._id,
      title: 'Healing for Dad',
      content: 'Strength for the surgery.',
      category: 'Health',
      isPrivate: true,
      journalTitle: 'Family Prayers',
      memoryVerse: { verse: 'The Lord is my shepherd.', reference: 'Psalm 23:1' },
    });
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/prayers/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Partial<Prayer>;
        bodies.push({ id: params.id, body });
        return HttpResponse.json({ ...prayer, ...body, updatedAt: '2026-03-21T09:00:00.000Z' });
      }),
    );
    const { user, dialog } = await renderDetails(prayer);

    await user.click(within(dialog).getByRole('button', { name: 'Edit Prayer' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Prayer' });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue('Healing for Dad');
    expect(within(form).getByLabelText('Prayer')).toHaveValue('Strength for the surgery.');
    expect(within(form).getByLabelText('Journal')).toHaveValue('Family Prayers');
    expect(within(form).getByLabelText('Verse')).toHaveValue('The Lord is my shepherd.');
    expect(within(form).getByRole('switch', { name: 'Private prayer' })).toBeChecked();

    await user.clear(title);
    await user.type(title, 'Healing and rest for Dad');
    await user.click(within(form).getByRole('switch', { name: 'Private prayer' }));
    await user.click(within(form).getByRole('switch', { name: 'Add a memory verse' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await expectToast('Prayer updated', '"Healing and rest for Dad" was saved.');
    expect(bodies).toEqual([
      {
        id: prayer._id,
        body: {
          title: 'Healing and rest for Dad',
          content: 'Strength for the surgery.',
          category: 'Health',
          isPrivate: false,
          memoryVerse: null,
        },
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Prayer' })).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Healing and rest for Dad' }),
    ).toBeInTheDocument();
  });

  it("keeps the edit form open with the server's message when saving fails", async () => {
    const prayer = buildPrayer({ author: me._id, title: 'Healing for Dad' });
    server.use(
      http.put(`${API}/prayers/:id`, () =>
        HttpResponse.json(
          { code: 'BAD_REQUEST', message: 'Prayer title must be 50 characters or less.' },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await renderDetails(prayer);

    await user.click(within(dialog).getByRole('button', { name: 'Edit Prayer' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Prayer' });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await expectToast('Failed to update prayer', 'Prayer title must be 50 characters or less.');
    expect(screen.getByRole('dialog', { name: 'Edit Prayer' })).toBeInTheDocument();
  });

  it("says 'Shared with you' for a prayer shared in a journal the reader may not open", async () => {
    const { dialog } = await renderDetails(
      buildPrayer({
        author: '00000000-0000-4000-8000-0000000000bb',
        journalTitle: null,
        createdAt: '2026-03-14T10:00:00.000Z',
      }),
    );

    expect(within(dialog).getByText('Shared with you · Added March 14, 2026')).toBeInTheDocument();
  });
});
