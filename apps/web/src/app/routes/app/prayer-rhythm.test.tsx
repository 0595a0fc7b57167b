import { PrayerSchema, type Prayer } from '@selah/shared/schemas/prayers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import { buildPrayer, buildPrayerSummary, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';

/** The rhythm editor and the "Due today" marks (issue 20 §2). */

const me = buildUser({ firstName: 'Ruth' });
const other = buildUser({ firstName: 'Boaz' });

/** Serves the prayer; PUT /rhythm answers `answer(body)` and records what was sent. */
function serve(prayer: Prayer, answer?: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  let current = prayer;
  server.use(
    http.get(`${API}/auth/me`, () => HttpResponse.json(me)),
    http.get(`${API}/prayers/${prayer._id}`, () => HttpResponse.json(PrayerSchema.parse(current))),
    http.put(`${API}/prayers/${prayer._id}/rhythm`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (answer) return answer(body);
      current = PrayerSchema.parse({
        ...current,
        rhythm: {
          kind: body.kind,
          days: body.days ?? null,
          dayOfMonth: body.dayOfMonth ?? null,
          until: body.until ?? null,
          snoozeUntil: body.snoozeUntil ?? null,
        },
        urgent: body.urgent ?? current.urgent,
        due: body.kind !== 'none' && !body.snoozeUntil,
      });
      return HttpResponse.json(current);
    }),
  );
  return sent;
}

async function openEditor(prayer: Prayer) {
  const result = await renderRoute(`/prayer/${prayer._id}`, { user: me });
  await result.user.click(await screen.findByRole('button', { name: 'Rhythm' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rhythm' });
  return { ...result, dialog };
}

describe('the rhythm editor on the prayer page', () => {
  it('sets a weekly rhythm on chosen days with a star, and shows it due', async () => {
    const prayer = buildPrayer({ title: 'Naomi', author: me._id });
    const sent = serve(prayer);
    const { user, dialog } = await openEditor(prayer);
    expect(screen.getByTestId('prayer-rhythm')).toHaveTextContent('No rhythm');

    await user.click(within(dialog).getByRole('radio', { name: /Weekly/ }));
    // No day chosen yet: said in the dialog, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save rhythm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose at least one day of the week.',
    );
    expect(sent).toHaveLength(0);

    const wednesday = within(dialog).getByRole('button', { name: 'Wednesday' });
    await user.click(wednesday);
    await user.click(within(dialog).getByRole('button', { name: 'Monday' }));
    expect(wednesday).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Star as urgent' }));
    expect(within(dialog).getByRole('button', { name: 'Starred as urgent' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save rhythm' }));

    await waitFor(() =>
      expect(sent).toEqual([{ kind: 'weekly', days: [1, 3], snoozeUntil: null, urgent: true }]),
    );
    await expectToast('Rhythm saved', 'Weekly on Mon, Wed · due today.');
    await waitFor(() =>
      expect(screen.getByTestId('prayer-rhythm')).toHaveTextContent('Weekly on Mon, Wed'),
    );
    expect(screen.getByText('Due today')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Urgent' })).toBeInTheDocument();
  });

  it('sends only the fields of the kind, snoozes with the quick buttons, and shows the server’s refusal', async () => {
    const prayer = buildPrayer({
      author: me._id,
      rhythm: { kind: 'weekly', days: [2], dayOfMonth: null, until: null, snoozeUntil: null },
    });
    const sent = serve(prayer, () =>
      apiError(400, {
        code: 'BAD_REQUEST',
        message: 'Snooze until a date from tomorrow on (or wake it with null).',
      }),
    );
    const { user, dialog } = await openEditor(prayer);
    await user.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    await user.type(within(dialog).getByLabelText('Day of the month'), '31');
    await user.click(within(dialog).getByRole('button', { name: 'Tomorrow' }));
    expect(within(dialog).getByText(/^Resting until/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save rhythm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'monthly', dayOfMonth: 31, urgent: false });
    expect(sent[0]).not.toHaveProperty('days');
    expect(typeof sent[0]!.snoozeUntil).toBe('string');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Snooze until a date from tomorrow on (or wake it with null).',
    );
    // The dialog stays open with what was chosen.
    expect(within(dialog).getByRole('radio', { name: /Monthly/ })).toBeChecked();
  });

  it('is offered to the author only', async () => {
    const prayer = buildPrayer({ author: other._id, isPrivate: false });
    serve(prayer);
    await renderRoute(`/prayer/${prayer._id}`, { user: me });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rhythm' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('prayer-rhythm')).not.toBeInTheDocument();
  });
});

describe('Due today on Prayer Points', () => {
  it('marks due prayers and has a Due today tab that asks only for them', async () => {
    const due = buildPrayer({ title: 'Due one', author: me._id, due: true });
    const notDue = buildPrayer({ title: 'Not due', author: me._id });
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(`${API}/prayers/user/summary`, () =>
        HttpResponse.json(buildPrayerSummary({ total: 2, active: 2 })),
      ),
      http.get(`${API}/prayers/user`, ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(params);
        const data = params.due === 'true' ? [due] : [due, notDue];
        return HttpResponse.json({ data, nextCursor: null });
      }),
    );
    const { user } = await renderRoute('/prayers', { user: me });
    const list = await screen.findByRole('list', { name: 'Prayers' });
    await waitFor(() => expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(2));
    const dueCard = within(list).getByRole('heading', { name: 'Due one' }).closest('article')!;
    expect(within(dueCard).getByText('Due today')).toBeInTheDocument();
    const otherCard = within(list).getByRole('heading', { name: 'Not due' }).closest('article')!;
    expect(within(otherCard).queryByText('Due today')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Due today' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'active', due: 'true' }));
    const dueList = await screen.findByRole('list', { name: 'Prayers' });
    await waitFor(() =>
      expect(
        within(dueList)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Due one']),
    );
  });
});
