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
