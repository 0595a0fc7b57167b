import type { User } from '@selah/shared/schemas/auth';
import { FriendListSchema } from '@selah/shared/schemas/friends';
import type { TimelineItem } from '@selah/shared/schemas/practice';
import { PrayerSchema, type Prayer } from '@selah/shared/schemas/prayers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import { buildPrayer, buildPrayerLog, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildFriend } from '@/testing/social-factories';
import { expectToast } from '@/testing/toasts';

const author = buildUser({ firstName: 'Hannah' });
const reader = buildUser({ firstName: 'Eli' });

const peter = buildFriend({ firstName: 'Peter', lastName: 'Jones' });
const lydia = buildFriend({ firstName: 'Lydia', lastName: 'Thyatira' });

function renderAs(path: string, user: User) {
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(user)));
  return renderRoute(path, { user });
}

function servePrayer(prayer: Prayer) {
  server.use(
    http.get(`${API}/prayers/${prayer._id}`, () => HttpResponse.json(PrayerSchema.parse(prayer))),
  );
}

const answeredPrayer = () =>
  buildPrayer({
    title: 'A child for Hannah',
    content: 'Lord, remember your servant.',
    category: 'Family',
    status: 'answered',
    isPrivate: false,
    journalTitle: 'Shiloh Journal',
    author: author._id,
    memoryVerse: { verse: 'For this child I prayed.', reference: '1 Samuel 1:27' },
    testimonies: ['Samuel was born.'],
    createdAt: '2026-03-01T10:00:00.000Z',
    answeredAt: '2026-03-20T10:00:00.000Z',
    updatedAt: '2026-03-20T10:00:00.000Z',
  });

async function openShareDialog(prayer: Prayer, friends = [peter, lydia]) {
  servePrayer(prayer);
  server.use(
    http.get(`${API}/friends`, () => HttpResponse.json(FriendListSchema.parse({ data: friends }))),
  );
  const result = await renderAs(`/prayer/${prayer._id}`, author);
  await result.user.click(await screen.findByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share Prayer' });
  return { ...result, dialog };
}

describe('/prayer/:id', () => {
  it('shows the prayer with its journal, category, status, verse, testimonies and dates', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    await renderAs(`/prayer/${prayer._id}`, reader);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'A child for Hannah' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Shiloh Journal/ })).toHaveAttribute(
      'href',
      `/journal/${prayer.journal}`,
    );
    expect(screen.getByText('Family')).toBeInTheDocument();
    expect(screen.getByText('Answered')).toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    expect(screen.getByText('Lord, remember your servant.')).toBeInTheDocument();
    expect(screen.getByText('“For this child I prayed.”')).toBeInTheDocument();
    expect(screen.getByText('1 Samuel 1:27')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Testimonies' })).toBeInTheDocument();
    expect(screen.getByText('Samuel was born.')).toBeInTheDocument();
    expect(screen.getByText('March 1, 2026')).toBeInTheDocument();
    expect(screen.getAllByText('March 20, 2026')).toHaveLength(2);
    // Only the author shares.
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it("says 'Shared with you' instead of a journal the reader may not open", async () => {
    const prayer = buildPrayer({ ...answeredPrayer(), journalTitle: null });
    servePrayer(prayer);
    await renderAs(`/prayer/${prayer._id}`, reader);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'A child for Hannah' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Shared with you')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Journal:/ })).not.toBeInTheDocument();
    expect(document.querySelector(`a[href="/journal/${prayer.journal}"]`)).toBeNull();
  });

  it.each([
    ['a missing or hidden prayer', '30000000-0000-4000-8000-999999999999'],
    ['a malformed id', 'not-a-uuid'],
  ])("says 'Prayer Not Found' for %s", async (_case, id) => {
    if (id === 'not-a-uuid') {
      server.use(
        http.get(`${API}/prayers/${id}`, () =>
          apiError(400, { code: 'VALIDATION_FAILED', message: 'Invalid id.' }),
        ),
      );
    }
    await renderAs(`/prayer/${id}`, reader);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prayer Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The prayer you are looking for does not exist or you do not have access.'),
    ).toBeInTheDocument();
  });

  it('shows the error and a toast when the prayer cannot load', async () => {
    const id = '30000000-0000-4000-8000-888888888888';
    server.use(
      http.get(`${API}/prayers/${id}`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    await renderAs(`/prayer/${id}`, reader);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Internal Server Error');
    await expectToast('Error', 'Failed to load the prayer. Please try again.');
  });

  it("asks for a friend first: 'No one selected'", async () => {
    const shares: unknown[] = [];
    server.use(
      http.post(`${API}/prayers/:id/share`, async ({ request }) => {
        shares.push(await request.json());
        return HttpResponse.json({ message: 'Shared.', sharedWith: 0 });
      }),
    );
    const { dialog, user } = await openShareDialog(answeredPrayer());
    await within(dialog).findByRole('checkbox', { name: /Peter Jones/ });

    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    await expectToast('No one selected', 'Please select at least one friend to share with.');
    expect(shares).toEqual([]);
  });

  it("shares with the ticked friends: 'Shared successfully!' with how many people", async () => {
    const prayer = answeredPrayer();
    const shares: unknown[] = [];
    server.use(
      http.post(`${API}/prayers/${prayer._id}/share`, async ({ request }) => {
        shares.push(await request.json());
        return HttpResponse.json({ message: 'Shared successfully with 2 people.', sharedWith: 2 });
      }),
    );
    const { dialog, user } = await openShareDialog(prayer);

    await user.click(await within(dialog).findByRole('checkbox', { name: /Peter Jones/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Lydia Thyatira/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    await expectToast('Shared successfully!', '"A child for Hannah" was shared with 2 people.');
    expect(shares).toEqual([{ userIds: [peter._id, lydia._id] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message when the prayer cannot be shared", async () => {
    const prayer = { ...answeredPrayer(), isPrivate: true };
    server.use(
      http.post(`${API}/prayers/${prayer._id}/share`, () =>
        apiError(400, {
          code: 'BAD_REQUEST',
          message: 'This prayer is private. Make it public before sharing it.',
        }),
      ),
    );
    const { dialog, user } = await openShareDialog(prayer);

    await user.click(await within(dialog).findByRole('checkbox', { name: /Peter Jones/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    await expectToast(
      'Failed to share',
      'This prayer is private. Make it public before sharing it.',
    );
    expect(screen.getByRole('dialog', { name: 'Share Prayer' })).toBeInTheDocument();
  });

  it('copies the prayer link on this server', async () => {
    const prayer = answeredPrayer();
    const { dialog, user } = await openShareDialog(prayer);
    const link = `${window.location.origin}/prayer/${prayer._id}`;

    expect(within(dialog).getByLabelText('Prayer link')).toHaveValue(link);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    await expectToast('Link copied!');
    expect(await navigator.clipboard.readText()).toBe(link);
  });
});

describe('/prayer/:id: Prayed, the timeline and notes', () => {
  const logItem = (
    kind: TimelineItem['kind'],
    at: string,
    extra: Partial<TimelineItem> = {},
  ): TimelineItem => ({
    kind,
    id: `50000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    at,
    day: null,
    late: false,
    text: null,
    ...extra,
  });

  it('records a Prayed, toasts, and shows "Prayed N times, last …" from the log', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    let prayed = 0;
    const log = () =>
      buildPrayerLog({
        summary: {
          prayedCount: prayed,
          lastPrayedAt: prayed ? '2026-03-15T09:00:00.000Z' : null,
          lastPrayedDay: prayed ? '2026-03-15' : null,
        },
        today: '2026-03-15',
      });
    server.use(
      http.get(`${API}/prayers/${prayer._id}/log`, () => HttpResponse.json(log())),
      http.post(`${API}/prayers/${prayer._id}/prayed`, () => {
        prayed += 1;
        return HttpResponse.json(
          {
            id: '40000000-0000-4000-8000-000000000002',
            kind: 'prayer',
            targetId: prayer._id,
            day: '2026-03-15',
            late: false,
            occurredAt: '2026-03-15T09:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderAs(`/prayer/${prayer._id}`, reader);
    expect(await screen.findByTestId('prayed-summary')).toHaveTextContent('Not prayed yet');
    const prayedButton = screen.getByRole('button', { name: 'Prayed' });
    expect(prayedButton).toHaveAccessibleDescription('A child for Hannah');
    await user.click(prayedButton);
    await expectToast('Prayed', 'You prayed for "A child for Hannah" today.');
    await waitFor(() =>
      expect(screen.getByTestId('prayed-summary')).toHaveTextContent('Prayed 1 time, last today'),
    );
  });

  it('a double tap records one Prayed: the button holds still while it records (issue 29 §5)', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    let posts = 0;
    let release: () => void = () => {};
    const recorded = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(`${API}/prayers/${prayer._id}/prayed`, async () => {
        posts += 1;
        await recorded;
        return HttpResponse.json(
          {
            id: '40000000-0000-4000-8000-000000000003',
            kind: 'prayer',
            targetId: prayer._id,
            day: '2026-03-15',
            late: false,
            occurredAt: '2026-03-15T09:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    await renderAs(`/prayer/${prayer._id}`, reader);
    const button = await screen.findByRole('button', { name: 'Prayed' });
    // Two taps 17 ms apart: the second comes before React has drawn the first's pending state.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Recording...' })).toBeDisabled();
    release();
    await expectToast('Prayed', 'You prayed for "A child for Hannah" today.');
    expect(posts).toBe(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Prayed' })).toBeEnabled());
  });

  it('says when the Prayed could not be recorded', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    server.use(
      http.post(`${API}/prayers/${prayer._id}/prayed`, () =>
        apiError(404, { code: 'NOT_FOUND', message: 'Prayer not found.' }),
      ),
    );
    const { user } = await renderAs(`/prayer/${prayer._id}`, reader);
    await user.click(await screen.findByRole('button', { name: 'Prayed' }));
    await expectToast('Error', 'Prayer not found.');
  });

  it('groups Prayed events by week and shows notes, the answer and testimonies', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    server.use(
      http.get(`${API}/prayers/${prayer._id}/log`, () =>
        HttpResponse.json(
          buildPrayerLog({
            data: [
              logItem('testimony', '2026-03-14T10:00:00.000Z', { text: 'Samuel was born.' }),
              logItem('answered', '2026-03-14T09:00:00.000Z'),
              logItem('prayed', '2026-03-13T09:00:00.000Z', { day: '2026-03-13' }),
              logItem('prayed', '2026-03-12T09:00:00.000Z', { day: '2026-03-11', late: true }),
              logItem('prayed', '2026-03-10T09:00:00.000Z', { day: '2026-03-10' }),
              logItem('note', '2026-03-05T09:00:00.000Z', { text: 'Eli blessed her.' }),
              logItem('prayed', '2026-03-04T09:00:00.000Z', { day: '2026-03-04' }),
              logItem('created', '2026-03-01T09:00:00.000Z'),
            ],
            summary: {
              prayedCount: 4,
              lastPrayedAt: '2026-03-13T09:00:00.000Z',
              lastPrayedDay: '2026-03-13',
            },
            today: '2026-03-15',
          }),
        ),
      ),
    );
    await renderAs(`/prayer/${prayer._id}`, author);
    expect(await screen.findByTestId('prayed-summary')).toHaveTextContent(
      'Prayed 4 times, last on Friday',
    );
    const timeline = await screen.findByRole('list', { name: 'Timeline, newest first' });
    const entries = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'Testimony · March 14, 2026Samuel was born.',
      'Marked answered · March 14, 2026',
      'Prayed 3 times this week · Friday, Wednesday, Tuesday1 time filled in later.',
      'Note · March 5, 2026Eli blessed her.',
      'Prayed 1 time last week · Mar 4',
      'Prayer added · March 1, 2026',
    ]);
  });

  it('lets the author add a note; a blank note is refused in words', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/prayers/${prayer._id}/notes`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            id: '60000000-0000-4000-8000-000000000001',
            prayerId: prayer._id,
            text: 'Eli blessed her.',
            createdAt: '2026-03-15T09:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderAs(`/prayer/${prayer._id}`, author);
    const field = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Please write your note.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '  Eli blessed her.  ');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await expectToast('Note added');
    expect(sent).toEqual([{ text: 'Eli blessed her.' }]);
    expect(field).toHaveValue('');
  });

  it('offers no note form to readers', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    await renderAs(`/prayer/${prayer._id}`, reader);
    expect(await screen.findByRole('heading', { name: 'Timeline' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a note' })).not.toBeInTheDocument();
  });

  it('lets the author edit the prayer; the page shows the change and keeps its timeline (issue 29 §2)', async () => {
    const prayer = answeredPrayer();
    let current = prayer;
    server.use(
      http.get(`${API}/prayers/${prayer._id}`, () => HttpResponse.json(current)),
      http.put(`${API}/prayers/${prayer._id}`, async ({ request }) => {
        current = { ...current, ...((await request.json()) as Partial<Prayer>) };
        return HttpResponse.json(current);
      }),
      http.get(`${API}/prayers/${prayer._id}/log`, () =>
        HttpResponse.json(
          buildPrayerLog({
            data: [logItem('note', '2026-03-05T09:00:00.000Z', { text: 'Eli blessed her.' })],
            today: '2026-03-15',
          }),
        ),
      ),
    );
    const { user } = await renderAs(`/prayer/${prayer._id}`, author);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Prayer' });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue('A child for Hannah');
    await user.clear(title);
    await user.type(title, 'A son for Hannah');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await expectToast('Prayer updated', '"A son for Hannah" was saved.');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A son for Hannah' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Eli blessed her.')).toBeInTheDocument();
    expect(screen.getByText('Samuel was born.')).toBeInTheDocument();
  });

  it('offers no Edit to readers', async () => {
    const prayer = answeredPrayer();
    servePrayer(prayer);
    await renderAs(`/prayer/${prayer._id}`, reader);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
