import { DEFAULT_USER_SETTINGS } from '@selah/shared/schemas/auth';
import {
  type PraySession,
  PraySessionSchema,
  type SessionItem,
} from '@selah/shared/schemas/practice';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDashboardStats, buildPrayer, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { useAuthStore } from '@/stores/auth-store';
import { expectToast } from '@/testing/toasts';
import { renderRoute } from '../../testing/render-route';

const me = buildUser({ settings: { ...DEFAULT_USER_SETTINGS, prayerSessionSize: 3 } });

let n = 0;
function item(overrides: Partial<SessionItem> = {}): SessionItem {
  n += 1;
  return {
    kind: 'prayer',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Item ${n}`,
    text: `Text ${n}`,
    verse: null,
    due: false,
    urgent: false,
    lastPrayedAt: null,
    prayedCount: 0,
    askedBy: null,
    source: 'own',
    ...overrides,
  };
}

interface Calls {
  sessions: URLSearchParams[];
  prayed: { path: string; body: unknown }[];
  status: unknown[];
  testimonies: unknown[];
  notes: unknown[];
}

/** The API a session uses, answering `items`; what the page sent is recorded in the result. */
function serve(items: SessionItem[], size = items.length): Calls {
  const calls: Calls = { sessions: [], prayed: [], status: [], testimonies: [], notes: [] };
  const prayed = async ({ request }: { request: Request }) => {
    calls.prayed.push({ path: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json(
      {
        id: 'event',
        kind: 'prayer',
        targetId: 'x',
        day: '2026-11-25',
        late: false,
        occurredAt: '2026-11-25T08:00:00.000Z',
      },
      { status: 201 },
    );
  };
  server.use(
    http.get(`${API}/pray/session`, ({ request }) => {
      calls.sessions.push(new URL(request.url).searchParams);
      return HttpResponse.json(PraySessionSchema.parse({ items, size } satisfies PraySession));
    }),
    http.post(`${API}/prayers/:id/prayed`, prayed),
    http.post(`${API}/prayer-requests/:id/prayed`, prayed),
    http.get(`${API}/stats`, () => HttpResponse.json(buildDashboardStats({ prayerStreak: 6 }))),
    http.put(`${API}/prayers/:id/status`, async ({ request, params }) => {
      calls.status.push({ id: params.id, ...((await request.json()) as object) });
      return HttpResponse.json(buildPrayer({ _id: String(params.id), status: 'answered' }));
    }),
    http.post(`${API}/prayers/:id/testimony`, async ({ request, params }) => {
      calls.testimonies.push({ id: params.id, ...((await request.json()) as object) });
      return HttpResponse.json(buildPrayer({ _id: String(params.id), status: 'answered' }));
    }),
    http.post(`${API}/prayers/:id/notes`, async ({ request, params }) => {
      const body = (await request.json()) as { text: string };
      calls.notes.push({ id: params.id, ...body });
      return HttpResponse.json(
        {
          id: 'note',
          prayerId: String(params.id),
          text: body.text,
          createdAt: '2026-11-25T08:00:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return calls;
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('/pray', () => {
  it('starts with the remembered size, then prays through with the keyboard to the end screen', async () => {
    const items = [
      item({ title: 'Healing for Dad', verse: { verse: 'Be still.', reference: 'Psalm 46:10' } }),
      item({
        kind: 'request',
        title: 'Job interview',
        source: 'commitment',
        askedBy: { id: 'f', name: 'Fay Friend' },
        due: true,
      }),
      item({ title: 'Peace at home', source: 'group', groupName: 'Dawn circle' }),
    ];
    const calls = serve(items);
    const { user } = await renderRoute('/pray', { user: me });

    await heading('Pray now');
    // No sidebar: a distraction-free page.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('How many items?')).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect(await heading('Healing for Dad')).toHaveFocus();
    expect(calls.sessions[0]?.get('size')).toBe('3');
    expect(calls.sessions[0]?.has('due')).toBe(false);
    expect(screen.getByText(/Be still\./)).toBeInTheDocument();
    expect(screen.getByText('Psalm 46:10')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Item 1 of 3: Healing for Dad');
    expect(screen.getByText('Space / Enter')).toBeInTheDocument();

    await user.keyboard(' ');
    expect(await heading('Job interview')).toHaveFocus();
    expect(calls.prayed).toEqual([
      { path: `/api/prayers/${items[0]!.id}/prayed`, body: { source: 'session' } },
    ]);
    expect(screen.getByText('Asked by Fay Friend')).toBeInTheDocument();
    expect(screen.getByText('Due today')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Item 2 of 3: Job interview');
    // A friend's request cannot be marked answered here: A does nothing.
    expect(screen.queryByRole('button', { name: 'Mark answered' })).not.toBeInTheDocument();
    await user.keyboard('a');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('s');
    expect(await heading('Peace at home')).toHaveFocus();
    expect(screen.getByText('From Dawn circle')).toBeInTheDocument();
    await user.keyboard('{Enter}');

    expect(await heading('You prayed 2')).toHaveFocus();
    expect(calls.prayed.map((c) => c.path)).toEqual([
      `/api/prayers/${items[0]!.id}/prayed`,
      `/api/prayers/${items[2]!.id}/prayed`,
    ]);
    expect(await screen.findByText('Streak: 6 days')).toBeInTheDocument();
    // The skipped due request is the next due item.
    expect(screen.getByText('Job interview')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'One more round' }));
    await heading('Healing for Dad');
    expect(calls.sessions).toHaveLength(2);
  });

  it('ends with Esc, and records a friend’s request on its own endpoint', async () => {
    const request = item({ kind: 'request', source: 'commitment', title: 'For Sam' });
    const calls = serve([request, item({ title: 'Second' })]);
    const { user } = await renderRoute('/pray', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await heading('For Sam');
    await user.click(screen.getByRole('button', { name: 'Prayed' }));
    await heading('Second');
    expect(calls.prayed[0]?.path).toBe(`/api/prayer-requests/${request.id}/prayed`);
    await user.keyboard('{Escape}');
    expect(await heading('You prayed 1')).toBeInTheDocument();
    expect(screen.getByText('Nothing else is due today.')).toBeInTheDocument();
  });

  it('does not act on keys typed into a note, and saves the note', async () => {
    const first = item({ title: 'Write about it' });
    const calls = serve([first, item()]);
    const { user } = await renderRoute('/pray', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await heading('Write about it');
    await user.click(screen.getByRole('button', { name: 'Add a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a note' });
    await user.type(within(dialog).getByLabelText('Note'), 'Sensed peace. So calm');
    expect(calls.prayed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.notes).toEqual([{ id: first.id, text: 'Sensed peace. So calm' }]);
    // Still on the same item.
    expect(screen.getByRole('heading', { level: 1, name: 'Write about it' })).toBeInTheDocument();
  });

  it('marks an own prayer answered with a testimony (A), then goes on', async () => {
    const first = item({ title: 'A new job' });
    const calls = serve([first, item({ title: 'After' })]);
    const { user } = await renderRoute('/pray', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await heading('A new job');
    await user.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: 'Mark answered' });
    await user.type(within(dialog).getByLabelText('Your testimony'), 'Started Monday!');
    await user.click(within(dialog).getByRole('button', { name: 'Mark answered' }));
    await heading('After');
    expect(calls.status).toEqual([{ id: first.id, isAnswered: true }]);
    expect(calls.testimonies).toEqual([{ id: first.id, testimony: 'Started Monday!' }]);
    await expectToast('Praise God!');
  });

  it('shows the quiet timer as a ring that fills, remembered for the next visit', async () => {
    serve([item({ title: 'Quiet' }), item()]);
    const { user } = await renderRoute('/pray', { user: me });
    await screen.findByRole('button', { name: 'Start' });
    await user.click(screen.getByRole('radio', { name: '1 min' }));
    expect(window.localStorage.getItem('selah.pray.timer')).toBe('1');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await heading('Quiet');
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAccessibleName('Quiet timer: 1:00 left');
    const ring = within(timer).getByTestId('timer-progress');
    const offset = () => Number(ring.getAttribute('stroke-dashoffset'));
    const full = offset();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(timer).toHaveAccessibleName('Quiet timer: 0:30 left');
    expect(offset()).toBeCloseTo(full / 2, 1);
    act(() => {
      vi.advanceTimersByTime(31_000);
    });
    expect(timer).toHaveAccessibleName('Quiet time is over');
    expect(offset()).toBe(0);
  });

  it('remembers a size the user chose for the next visit', async () => {
    const calls = serve([item({ title: 'Only' })], 7);
    const { user } = await renderRoute('/pray', { user: me });
    const size = await screen.findByLabelText('How many items?');
    await user.clear(size);
    await user.type(size, '7');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await heading('Only');
    expect(calls.sessions[0]?.get('size')).toBe('7');
    expect(useAuthStore.getState().user?.settings.prayerSessionSize).toBe(7);
  });

  it('Enter on a focused button is that button, not Prayed', async () => {
    const calls = serve([item({ title: 'First' }), item({ title: 'Second' })]);
    const { user } = await renderRoute('/pray', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await heading('First');
    screen.getByRole('button', { name: 'Skip' }).focus();
    await user.keyboard('{Enter}');
    await heading('Second');
    expect(calls.prayed).toEqual([]);
  });

  it('swipes: right is Prayed, left is Skip; short or vertical moves are not', async () => {
    const calls = serve([item({ title: 'One' }), item({ title: 'Two' }), item({ title: 'Three' })]);
    const { user } = await renderRoute('/pray', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const swipe = (dx: number, dy = 0) => {
      const card = screen.getByRole('article');
      fireEvent.touchStart(card, { touches: [{ clientX: 150, clientY: 300 }] });
      fireEvent.touchEnd(card, { changedTouches: [{ clientX: 150 + dx, clientY: 300 + dy }] });
    };
    await heading('One');
    swipe(30);
    swipe(100, 200);
    expect(screen.getByRole('heading', { level: 1, name: 'One' })).toBeInTheDocument();
    swipe(120);
    await heading('Two');
    expect(calls.prayed).toHaveLength(1);
    swipe(-120);
    await heading('Three');
    expect(calls.prayed).toHaveLength(1);
  });

  it('?due=1 with nothing due says so', async () => {
    serve([]);
    await renderRoute('/pray?due=1', { user: me });
    await heading('Nothing is due today');
  });

  it('?due=1 starts at once with the due items only', async () => {
    const calls = serve([item({ title: 'Due one', due: true })]);
    await renderRoute('/pray?due=1', { user: me });
    await heading('Due one');
    expect(calls.sessions[0]?.get('due')).toBe('1');
    expect(calls.sessions[0]?.has('size')).toBe(false);
  });

  it('has an empty state leading to adding a prayer', async () => {
    serve([]);
    const { user } = await renderRoute('/pray', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await heading('Nothing to pray right now');
    expect(screen.getByRole('link', { name: 'Add a prayer' })).toHaveAttribute('href', '/prayers');
  });

  it('refuses a size outside 1-20 without asking the server', async () => {
    const calls = serve([item()]);
    const { user } = await renderRoute('/pray', { user: me });
    const size = await screen.findByLabelText('How many items?');
    await user.clear(size);
    await user.type(size, '21');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose from 1 to 20 items.');
    expect(calls.sessions).toHaveLength(0);
  });

  it('tells the user when the session cannot be loaded', async () => {
    server.use(
      http.get(`${API}/pray/session`, () =>
        apiError(500, { code: 'INTERNAL', message: 'Something broke.' }),
      ),
    );
    await renderRoute('/pray?due=1', { user: me });
    await heading('Something went wrong');
    await expectToast('Error', 'Something broke.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
