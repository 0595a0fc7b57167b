import type { Prayer } from '@selah/shared/schemas/prayers';
import type { PlanId } from '@selah/shared/schemas/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import { buildJournalDetail, buildPrayer, buildUser } from '@/testing/factories';
import { API } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildSubscription } from '@/testing/billing-factories';

const me = buildUser({ firstName: 'Jane' });
const journal = buildJournalDetail({
  title: 'Morning Prayers',
  description: 'Prayers at sunrise.',
  membership: 'owner',
});

const healing = buildPrayer({
  title: 'Healing for Dad',
  content: 'Surgery on Monday.',
  category: 'Health',
  journal: journal._id,
  memoryVerse: { verse: 'The Lord is my shepherd.', reference: 'Psalm 23:1' },
  testimonies: ['The surgery went well.'],
  createdAt: '2026-03-10T10:00:00.000Z',
});
const job = buildPrayer({
  title: 'New job',
  category: 'Career',
  status: 'answered',
  answeredAt: '2026-03-12T10:00:00.000Z',
  journal: journal._id,
  createdAt: '2026-03-01T10:00:00.000Z',
});

let print: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  print = vi.fn<() => void>();
  vi.spyOn(window, 'print').mockImplementation(print);
});

/** The journal, its prayers in pages of one (filtered by status), and the user's plan. */
function serve({
  plan = 'premium',
  prayers = [healing, job],
}: { plan?: PlanId; prayers?: Prayer[] } = {}) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/subscription`, () => HttpResponse.json(buildSubscription(plan))),
    http.get(`${API}/journals/${journal._id}`, () => HttpResponse.json(journal)),
    http.get(`${API}/prayers`, ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(params);
      const shown = prayers.filter(
        (prayer) => params.status !== 'pending' || prayer.status === 'pending',
      );
      const index = params.cursor ? Number(params.cursor) : 0;
      const next = index + 1 < shown.length ? String(index + 1) : null;
      return HttpResponse.json({ data: shown.slice(index, index + 1), nextCursor: next });
    }),
  );
  return queries;
}

const printed = () => screen.getByRole('list', { name: 'Prayers' });

describe('/journal/:id/print', () => {
  it('lays out every prayer with verses and notes, then opens the print dialog once', async () => {
    const queries = serve();
    const { user } = await renderRoute(`/journal/${journal._id}/print`, { user: me });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Morning Prayers' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(printed()).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText('Prayers at sunrise.')).toBeInTheDocument();
    expect(
      screen.getByText(/Includes answered prayers, memory verses, notes and updates\./),
    ).toBeInTheDocument();
    const first = within(printed()).getByRole('article', { name: 'Healing for Dad' });
    expect(within(first).getByText('Health · Active · Written Mar 10, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Surgery on Monday.')).toBeInTheDocument();
    expect(
      within(first).getByText(/The Lord is my shepherd\.” \(Psalm 23:1\)/),
    ).toBeInTheDocument();
    expect(within(first).getByText('The surgery went well.')).toBeInTheDocument();
    const second = within(printed()).getByRole('article', { name: 'New job' });
    expect(
      within(second).getByText('Career · Answered · Written Mar 1, 2026 · Answered Mar 12, 2026'),
    ).toBeInTheDocument();

    // Both pages were read, all statuses.
    expect(queries.map((query) => [query.status, query.cursor])).toEqual([
      ['all', undefined],
      ['all', '1'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Print ready: 2 prayers.');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Morning Prayers · Selah');

    // The toolbar prints again on demand and leads back.
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Back to Prayer Requests' })).toHaveAttribute(
      'href',
      '/prayer-requests',
    );
  });

  it('leaves out answered prayers, verses and notes when asked', async () => {
    const queries = serve();
    await renderRoute(`/journal/${journal._id}/print?answered=false&verses=false&notes=false`, {
      user: me,
    });

    await waitFor(() => expect(within(printed()).getAllByRole('article')).toHaveLength(1));
    expect(queries.every((query) => query.status === 'pending')).toBe(true);
    expect(screen.queryByText('New job')).not.toBeInTheDocument();
    expect(screen.queryByText(/The Lord is my shepherd/)).not.toBeInTheDocument();
    expect(screen.queryByText('The surgery went well.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Includes/)).not.toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('says when the journal has no prayers to show', async () => {
    serve({ prayers: [] });
    await renderRoute(`/journal/${journal._id}/print`, { user: me });

    expect(await screen.findByText('No prayers to show.')).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('shows the upgrade notice on the Free plan, and prints nothing', async () => {
    const queries = serve({ plan: 'free' });
    await renderRoute(`/journal/${journal._id}/print`, { user: me });

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'Exporting to PDF and printing are part of the Premium and Ministry plans.',
    );
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(print).not.toHaveBeenCalled();
    expect(queries).toEqual([]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it("prints only the user's own journals", async () => {
    serve();
    server.use(
      http.get(`${API}/journals/${journal._id}`, () =>
        HttpResponse.json({ ...journal, membership: 'member' }),
      ),
    );
    await renderRoute(`/journal/${journal._id}/print`, { user: me });

    expect(
      await screen.findByRole('heading', { name: 'Journal not available for printing' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You can print only journals you own.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(print).not.toHaveBeenCalled();
  });
});
