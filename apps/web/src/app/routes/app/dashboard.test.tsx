import type { DashboardStats } from '@selah/shared/schemas/stats';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  buildDashboardStats,
  buildRhythm,
  buildTestimonyItem,
  buildUser,
} from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';
import { currentUrl, renderRoute } from '../../testing/render-route';

const me = buildUser();

const stats = buildDashboardStats({
  totalPrayers: 12,
  activePrayers: 9,
  prayerStreak: 4,
  answeredPrayers: 3,
  prayersToday: 2,
  prayersThisWeek: 5,
  prayersThisMonth: 11,
  timeZone: 'UTC',
  recentTestimonies: [
    buildTestimonyItem({
      title: 'Healing for Dad',
      content: 'The surgery went well.',
      dateAnswered: '2026-03-14T22:30:00.000Z',
      prayedFor: 3,
      timeUnit: 'weeks',
    }),
    buildTestimonyItem({
      title: 'New job',
      content: 'Started on Monday.',
      dateAnswered: '',
      prayedFor: 1,
      timeUnit: 'day',
    }),
  ],
});

function serveStats(body: DashboardStats = stats) {
  server.use(http.get(`${API}/stats`, () => HttpResponse.json(body)));
}

/** The value shown on the stat card labelled `label`. */
function statValue(label: string) {
  const region = screen.getByRole('region', { name: 'Prayer statistics' });
  const card = within(region).getByText(label).closest('[data-slot="card"]') as HTMLElement;
  return within(card).getByText(/^\d+\+?( days?)?$/).textContent;
}

describe('/dashboard', () => {
  it('welcomes a new account rather than welcoming it back', async () => {
    serveStats();
    const justJoined = buildUser({ createdAt: new Date(Date.now() - 60_000).toISOString() });
    await renderRoute('/dashboard', { user: justJoined });

    expect(screen.getByText('Welcome to your prayer dashboard')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('shows the statistics, the activity and the greeting', async () => {
    serveStats();
    await renderRoute('/dashboard', { user: me });

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back to your prayer dashboard')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Prayer statistics' });
    expect(statValue('Total Prayers')).toBe('12');
    expect(statValue('Active Prayer Points')).toBe('9');
    expect(statValue('Prayer Streak')).toBe('4 days');
    expect(statValue('Answered Prayers')).toBe('3');
    expect(screen.getByText('25% answer rate')).toBeInTheDocument();

    const activity = screen.getByRole('region', { name: 'Activity' });
    const counts = within(activity)
      .getAllByRole('definition')
      .map((cell) => cell.textContent);
    expect(
      within(activity)
        .getAllByRole('term')
        .map((cell) => cell.textContent),
    ).toEqual(['Today', 'This week', 'This month']);
    expect(counts).toEqual(['2', '5', '11']);
  });

  it('offers Pray now, leading to a session (issue 20)', async () => {
    serveStats();
    await renderRoute('/dashboard', { user: me });
    expect(await screen.findByRole('link', { name: 'Pray now' })).toHaveAttribute('href', '/pray');
  });

  it('on a plan without a statistics window, shows no plan note and no Upgrade link', async () => {
    serveStats();
    await renderRoute('/dashboard', { user: me });

    const activity = await screen.findByRole('region', { name: 'Activity' });
    expect(within(activity).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Free statistics/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Answered in the last/)).not.toBeInTheDocument();
    expect(screen.getByText('Keep it going today')).toBeInTheDocument();
  });

  it("on Free, locks 'This month' with an Upgrade link, says the 7-day window and caps the streak", async () => {
    serveStats(
      buildDashboardStats({
        ...stats,
        prayerStreak: 7,
        prayersThisMonth: null,
        statsWindowDays: 7,
      }),
    );
    const { user } = await renderRoute('/dashboard', { user: me });

    await screen.findByRole('region', { name: 'Prayer statistics' });
    expect(statValue('Prayer Streak')).toBe('7+ days');
    expect(screen.getByText('Free counts up to 7')).toBeInTheDocument();

    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(
      within(activity)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '5', 'Locked, needs Premium']);
    expect(
      within(activity).getByText(
        'Free statistics cover the last 7 days; this month needs Premium.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    const testimonies = screen.getByRole('region', { name: 'Recent Testimonies' });
    expect(within(testimonies).getByText('Answered in the last 7 days')).toBeInTheDocument();

    await user.click(within(activity).getByRole('link', { name: 'Upgrade' }));
    await waitFor(() => expect(currentUrl()).toBe('/pricing'));
  });

  it('on Free, a streak below the window is shown as it is, and no testimonies means none this week', async () => {
    serveStats(
      buildDashboardStats({
        prayerStreak: 6,
        prayersThisMonth: null,
        statsWindowDays: 7,
      }),
    );
    await renderRoute('/dashboard', { user: me });

    expect(await screen.findByText('No testimonies in the last 7 days')).toBeInTheDocument();
    expect(statValue('Prayer Streak')).toBe('6 days');
    expect(screen.getByText('Keep it going today')).toBeInTheDocument();
  });

  it('lists recent testimonies with the spec texts', async () => {
    serveStats();
    await renderRoute('/dashboard', { user: me });

    const list = await screen.findByRole('region', { name: 'Recent Testimonies' });
    const first = within(list).getByRole('article', { name: 'Healing for Dad' });
    expect(within(first).getByText('Answered')).toBeInTheDocument();
    expect(within(first).getByText('The surgery went well.')).toBeInTheDocument();
    expect(within(first).getByText('Answered on March 14, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Faithfully prayed for 3 weeks')).toBeInTheDocument();
    const second = within(list).getByRole('article', { name: 'New job' });
    expect(within(second).getByText('Answered on Date not available')).toBeInTheDocument();
    expect(within(second).getByText('Faithfully prayed for 1 day')).toBeInTheDocument();
  });

  it("sends 'View all' to the answered tab of Prayer Points", async () => {
    serveStats();
    const { user } = await renderRoute('/dashboard', { user: me });

    await user.click(await screen.findByRole('link', { name: 'View all' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prayer Points' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/prayers?tab=answered');
  });

  it('says when there are no testimonies yet', async () => {
    await renderRoute('/dashboard', { user: me });

    expect(await screen.findByText('No testimonies yet')).toBeInTheDocument();
    expect(statValue('Prayer Streak')).toBe('0 days');
  });

  it('loads the memory verse and the quote, and labels a verse of the user', async () => {
    serveStats();
    server.use(
      http.get(`${API}/stats/daily`, () =>
        HttpResponse.json({
          memoryVerse: {
            verse: 'I can do all things.',
            reference: 'Philippians 4:13',
            source: 'yours',
          },
          inspiration: { quote: 'Pray without ceasing.', author: 'Paul' },
        }),
      ),
    );
    await renderRoute('/dashboard', { user: me });

    const verse = await screen.findByRole('region', { name: 'Memory Verse' });
    expect(await within(verse).findByText('“I can do all things.”')).toBeInTheDocument();
    expect(within(verse).getByText('Philippians 4:13')).toBeInTheDocument();
    expect(within(verse).getByText('From your prayers')).toBeInTheDocument();
    const quote = screen.getByRole('region', { name: 'Inspiration' });
    expect(within(quote).getByText('“Pray without ceasing.”')).toBeInTheDocument();
    expect(within(quote).getByText('— Paul')).toBeInTheDocument();
  });

  it('asks for the memory verse and the quote while the statistics are still loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let askedForDaily = false;
    server.use(
      http.get(`${API}/stats`, async () => {
        await gate;
        return HttpResponse.json(stats);
      }),
      http.get(`${API}/stats/daily`, () => {
        askedForDaily = true;
        return HttpResponse.json({
          memoryVerse: { verse: 'Be still.', reference: 'Psalm 46:10', source: 'scripture' },
          inspiration: { quote: 'Pray without ceasing.', author: 'Paul' },
        });
      }),
    );
    await renderRoute('/dashboard', { user: me });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading dashboard...');
    await waitFor(() => expect(askedForDaily).toBe(true));
    release();
    const verse = await screen.findByRole('region', { name: 'Memory Verse' });
    expect(await within(verse).findByText('“Be still.”')).toBeInTheDocument();
  });

  it("does not label a verse from scripture as the user's", async () => {
    serveStats();
    await renderRoute('/dashboard', { user: me });

    const verse = await screen.findByRole('region', { name: 'Memory Verse' });
    expect(await within(verse).findByText('Psalm 46:10')).toBeInTheDocument();
    expect(within(verse).queryByText('From your prayers')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`${API}/stats`, async () => {
        await gate;
        return HttpResponse.json(stats);
      }),
    );
    await renderRoute('/dashboard', { user: me });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(document.querySelector('[data-slot="dashboard-skeleton"]')).not.toBeNull();
    expect(document.title).toBe('Loading dashboard · Selah');
    release();
    await screen.findByRole('region', { name: 'Prayer statistics' });
    expect(document.title).toBe('Dashboard · Selah');
  });

  it("shows the 'Error' screen and a toast when the statistics cannot be loaded", async () => {
    server.use(http.get(`${API}/stats`, () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderRoute('/dashboard', { user: me });

    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('alert')).getByText('Failed to load dashboard statistics.'),
    ).toBeInTheDocument();
    await expectToast('Error', 'Failed to load dashboard statistics.');

    serveStats();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statValue('Total Prayers')).toBe('12'));
  });

  it("shows the server's message when it gives one", async () => {
    server.use(
      http.get(`${API}/stats`, () =>
        apiError(503, { code: 'SERVICE_UNAVAILABLE', message: 'Selah is busy. Try again soon.' }),
      ),
    );
    await renderRoute('/dashboard', { user: me });

    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    await expectToast('Error', 'Selah is busy. Try again soon.');
  });

  it('shows the rhythm view with its streak and each day in words', async () => {
    serveStats();
    const rhythm = buildRhythm({ streak: 2 });
    rhythm.days.at(-1)!.count = 1;
    rhythm.days.at(-2)!.count = 5;
    server.use(http.get(`${API}/stats/rhythm`, () => HttpResponse.json(rhythm)));
    await renderRoute('/dashboard', { user: me });
    const view = await screen.findByRole('region', { name: 'Prayer rhythm' });
    expect(within(view).getByTestId('rhythm-streak')).toHaveTextContent('Streak: 2 days');
    expect(
      within(view).getByRole('img', { name: 'Saturday, March 14: prayed 5 times' }),
    ).toBeInTheDocument();
  });

  it('says when the rhythm view cannot be loaded, and offers to retry', async () => {
    serveStats();
    server.use(
      http.get(`${API}/stats/rhythm`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' }),
      ),
    );
    await renderRoute('/dashboard', { user: me });
    expect(
      await screen.findByText('Failed to load your prayer rhythm. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
