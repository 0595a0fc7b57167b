import { JoinResponseSchema } from '@selah/shared/schemas/journals';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildJournal } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { JournalCard } from './journal-card';

describe('JournalCard', () => {
  it('shows the journal at a glance', () => {
    const journal = buildJournal({
      title: 'Church Family',
      description: 'Prayers for our small group and its families.',
      isPrivate: false,
      category: 'Family',
      prayerCount: 12,
      answeredCount: 5,
      memberCount: 8,
      createdAt: '2026-03-14T10:00:00.000Z',
      membership: 'none',
    });
    renderComponent(<JournalCard journal={journal} />);

    expect(screen.getByRole('link', { name: 'Church Family' })).toHaveAttribute(
      'href',
      `/journal/${journal._id}`,
    );
    expect(screen.getByText('Public')).toBeInTheDocument();
    expect(screen.getByText('Prayers for our small group and its families.')).toHaveClass(
      'line-clamp-2',
    );
    expect(screen.getByText('12 prayers')).toBeInTheDocument();
    expect(screen.getByText('5 answered')).toBeInTheDocument();
    expect(screen.getByText('8 members')).toBeInTheDocument();
    expect(screen.getByText('Created Mar 14, 2026')).toBeInTheDocument();
    expect(screen.getByText('Family')).toBeInTheDocument();
  });

  it("shows 'Private' and 'N/A' for a private journal without a category", () => {
    renderComponent(<JournalCard journal={buildJournal({ isPrivate: true, category: null })} />);

    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it.each([
    ['owner', 'Owned by You'],
    ['member', 'Member'],
  ] as const)('disables the button for a journal the user is %s of', (membership, label) => {
    renderComponent(<JournalCard journal={buildJournal({ membership })} />);

    expect(screen.getByRole('button', { name: label })).toBeDisabled();
  });

  it('joins the journal without opening it, then says Member', async () => {
    const journal = buildJournal({ isPrivate: false, membership: 'none', memberCount: 3 });
    const joined: string[] = [];
    server.use(
      http.post(`${API}/journals/:id/join`, ({ params }) => {
        joined.push(String(params.id));
        return HttpResponse.json(
          JoinResponseSchema.parse({
            message: 'You joined the journal.',
            journal: { ...journal, membership: 'member', memberCount: 4 },
          }),
        );
      }),
    );
    const { user, router, queryClient } = renderComponent(<JournalCard journal={journal} />, {
      path: '/discover',
    });
    // The card reads the journal from its parent's list, which the join refreshes.
    queryClient.setQueryData(['journals'], [journal]);

    await user.click(screen.getByRole('button', { name: 'Join Journal' }));

    expect(await screen.findByText('Journal joined')).toBeInTheDocument();
    expect(joined).toEqual([journal._id]);
    expect(router.state.location.pathname).toBe('/discover');
    expect(queryClient.getQueryState(['journals'])?.isInvalidated).toBe(true);
  });

  it('explains why the journal could not be joined', async () => {
    server.use(
      http.post(`${API}/journals/:id/join`, () =>
        apiError(404, { code: 'NOT_FOUND', message: 'Journal not found.' }),
      ),
    );
    const { user } = renderComponent(
      <JournalCard journal={buildJournal({ membership: 'none' })} />,
    );

    await user.click(screen.getByRole('button', { name: 'Join Journal' }));

    expect(
      await screen.findByText('Failed to join journal: Journal not found.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Journal' })).toBeEnabled();
  });
});
