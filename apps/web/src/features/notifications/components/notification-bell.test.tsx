import type { Notification } from '@selah/shared/schemas/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { eventStream } from '@/testing/msw/handlers/notifications';
import { server } from '@/testing/msw/server';
import {
  buildNotification,
  buildNotificationPage,
  eventIdOf,
} from '@/testing/notification-factories';
import { renderComponent } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { FakeLockManager } from '../testing/fake-tabs';
import { NotificationBell } from './notification-bell';

const NOW = new Date('2026-03-14T12:00:00.000Z');
const me = buildUser();

/**
 * Serves GET /notifications from a mutable list (pages of `pageSize`) and records the calls;
 * PUT /notifications/{id}/read answers with the listed item, read.
 */
function serve(items: Notification[], { pageSize = 20 } = {}) {
  const state = { items: [...items] };
  const calls: string[] = [];
  server.use(
    http.get(`${API}/notifications`, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      calls.push(`GET ${cursor ?? 'first'}`);
      const start = cursor ? Number(cursor) : 0;
      const data = state.items.slice(start, start + pageSize);
      const next = start + pageSize < state.items.length ? String(start + pageSize) : null;
      return HttpResponse.json(
        buildNotificationPage(data, {
          nextCursor: next,
          unreadCount: state.items.filter((item) => !item.read).length,
        }),
      );
    }),
    http.put(`${API}/notifications/:id/read`, ({ params }) => {
      const found = state.items.find((entry) => entry._id === params.id);
      if (!found) return apiError(404, { code: 'NOT_FOUND', message: 'Notification not found.' });
      const updated = { ...found, read: true };
      state.items = state.items.map((entry) => (entry === found ? updated : entry));
      return HttpResponse.json(updated);
    }),
  );
  return { state, calls };
}

function renderBell() {
  useAuthStore.getState().setSession('tok-1', me);
  return renderComponent(<NotificationBell />);
}

const bell = (name: string | RegExp = /^Notifications/) => screen.getByRole('button', { name });

async function openPanel(user: ReturnType<typeof renderBell>['user']) {
  await user.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

const item = (panel: HTMLElement, text: string) =>
  within(panel)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(text))!;

beforeEach(() => {
  // One "tab" with Web Locks: it leads at once and opens the stream.
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: new FakeLockManager().forTab(),
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  vi.useRealTimers();
});

describe('NotificationBell', () => {
  it('shows the unread count on the badge and in its accessible name', async () => {
    serve([buildNotification(), buildNotification(), buildNotification({ read: true })]);
    renderBell();

    expect(bell('Notifications')).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(button.querySelector('[data-slot="notification-badge"]')).toHaveTextContent('2');
  });

  it('shows no badge without unread notifications', async () => {
    const { calls } = serve([buildNotification({ read: true })]);
    renderBell();

    await waitFor(() => expect(calls).toEqual(['GET first']));
    expect(bell('Notifications').querySelector('[data-slot="notification-badge"]')).toBeNull();
  });

  it('lists the notifications in a 300 px dropdown: message, how long ago, link', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    serve([
      buildNotification({
        message: 'Ann Lee sent you a friend request.',
        createdAt: '2026-03-14T10:00:00.000Z',
      }),
      buildNotification({
        message: 'Time to pray.',
        link: null,
        read: true,
        createdAt: '2026-03-14T11:55:00.000Z',
      }),
    ]);
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    const panel = await openPanel(user);

    expect(panel).toHaveStyle({ width: '300px' });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const link = within(items[0]!).getByRole('link', {
      name: 'Ann Lee sent you a friend request.',
    });
    expect(link).toHaveAttribute('href', '/friends?tab=requests');
    expect(items[0]).toHaveTextContent('2 hours ago');
    expect(within(items[0]!).getByRole('button', { name: 'Mark Read' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('Time to pray.')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('5 minutes ago');
    expect(within(items[1]!).queryByRole('button', { name: 'Mark Read' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings?tab=notifications',
    );
  });

  it("says 'No new notifications.' when there are none", async () => {
    const { user } = renderBell();

    const panel = await openPanel(user);

    expect(await within(panel).findByText('No new notifications.')).toBeInTheDocument();
  });

  it('shows a skeleton while the list loads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`${API}/notifications`, async () => {
        await gate;
        return HttpResponse.json(buildNotificationPage([buildNotification({ message: 'Hi' })]));
      }),
    );
    const { user } = renderBell();

    const panel = await openPanel(user);
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading notifications...');

    release();
    expect(await within(panel).findByText('Hi')).toBeInTheDocument();
  });

  it("shows 'Failed to load notifications.' in the panel and an 'Error' toast", async () => {
    server.use(http.get(`${API}/notifications`, () => new HttpResponse(null, { status: 500 })));
    const { user } = renderBell();

    await expectToast('Error', 'Failed to load notifications.');
    const panel = await openPanel(user);
    expect(within(panel).getByText('Failed to load notifications.')).toBeInTheDocument();
  });

  it("prefers the server's message when it gives one", async () => {
    server.use(
      http.get(`${API}/notifications`, () =>
        apiError(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down for maintenance.' }),
      ),
    );
    const { user } = renderBell();

    await expectToast('Error', 'Down for maintenance.');
    const panel = await openPanel(user);
    expect(within(panel).getByText('Down for maintenance.')).toBeInTheDocument();
  });

  it("marks one read: 'Notification marked as read.' and one unread fewer", async () => {
    const target = buildNotification({ message: 'Ann Lee sent you a friend request.' });
    serve([target, buildNotification({ message: 'Other' })]);
    const calls: string[] = [];
    server.use(
      http.put(`${API}/notifications/:id/read`, ({ params }) => {
        calls.push(String(params.id));
        return HttpResponse.json({ ...target, read: true });
      }),
    );
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const panel = await openPanel(user);

    await user.click(within(item(panel, 'Ann Lee')).getByRole('button', { name: 'Mark Read' }));

    await expectToast('Notification marked as read.');
    expect(calls).toEqual([target._id]);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    expect(within(item(panel, 'Ann Lee')).queryByRole('button', { name: 'Mark Read' })).toBeNull();
  });

  it('following a notification reads again what it changed (issue 29 §3)', async () => {
    const committed = buildNotification({
      type: 'request_prayed',
      message: 'Paul Tarsus is praying for your request "Exams".',
      link: '/prayer-requests',
      read: true,
    });
    serve([committed]);
    const { user, queryClient } = renderBell();
    const requests = ['prayer-requests', 'list', { type: 'myRequests' }];
    const friends = ['friends', 'list'];
    queryClient.setQueryData(requests, { pages: [], pageParams: [] });
    queryClient.setQueryData(friends, []);
    const panel = await openPanel(user);

    await user.click(within(panel).getByRole('link', { name: committed.message }));

    expect(queryClient.getQueryState(requests)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(friends)?.isInvalidated).toBe(false);
  });

  it('shows a notification whose target is no longer visible without a link, still actionable', async () => {
    // The server sends `link: null` once the journal was un-shared (or left).
    const unshared = buildNotification({
      type: 'journal_shared',
      message: 'Ruth Moab shared the journal "Morning Prayers" with you.',
      link: null,
    });
    const { state } = serve([unshared]);
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const panel = await openPanel(user);

    const entry = item(panel, 'Morning Prayers');
    expect(
      within(entry).getByText('Ruth Moab shared the journal "Morning Prayers" with you.').tagName,
    ).toBe('P');
    expect(within(entry).queryByRole('link')).toBeNull();

    await user.click(within(entry).getByRole('button', { name: 'Mark Read' }));
    await expectToast('Notification marked as read.');
    expect(state.items[0]?.read).toBe(true);
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it("reports a failed Mark Read with 'Error marking notification as read'", async () => {
    serve([buildNotification({ message: 'Ann' })]);
    server.use(
      http.put(`${API}/notifications/:id/read`, () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const panel = await openPanel(user);

    await user.click(within(item(panel, 'Ann')).getByRole('button', { name: 'Mark Read' }));

    await expectToast('Error', 'Error marking notification as read');
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it("deletes one: 'Notification deleted.' and it is gone", async () => {
    const target = buildNotification({ message: 'Ann' });
    serve([target, buildNotification({ message: 'Ben', read: true })]);
    const deleted: string[] = [];
    server.use(
      http.delete(`${API}/notifications/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const panel = await openPanel(user);

    await user.click(within(item(panel, 'Ann')).getByRole('button', { name: 'Delete' }));

    await expectToast('Notification deleted.');
    expect(deleted).toEqual([target._id]);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).queryByText('Ann')).toBeNull();
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it("reports a failed Delete with 'Error deleting notification'", async () => {
    serve([buildNotification({ message: 'Ann' })]);
    server.use(
      http.delete(`${API}/notifications/:id`, () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = renderBell();
    const panel = await openPanel(user);

    await user.click(await within(panel).findByRole('button', { name: 'Delete' }));

    await expectToast('Error', 'Error deleting notification');
    expect(within(panel).getByText('Ann')).toBeInTheDocument();
  });

  it("marks all read with 'Mark all read'", async () => {
    const { state } = serve([buildNotification(), buildNotification()]);
    let called = 0;
    server.use(
      http.put(`${API}/notifications/read-all`, () => {
        called += 1;
        state.items = state.items.map((entry) => ({ ...entry, read: true }));
        return HttpResponse.json({ message: 'All notifications marked as read.', updated: 2 });
      }),
    );
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const panel = await openPanel(user);

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));

    await expectToast('All notifications marked as read.');
    expect(called).toBe(1);
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(within(panel).queryByRole('button', { name: 'Mark Read' })).toBeNull();
  });

  it("loads the next page with the cursor on 'Load more'", async () => {
    const items = Array.from({ length: 25 }, (_, index) =>
      buildNotification({ message: `Note ${index + 1}`, read: true }),
    );
    const { calls } = serve(items);
    const { user } = renderBell();
    const panel = await openPanel(user);
    await within(panel).findByText('Note 20');
    expect(within(panel).queryByText('Note 21')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));

    expect(await within(panel).findByText('Note 25')).toBeInTheDocument();
    expect(calls).toEqual(['GET first', 'GET 20']);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(25);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('works from the keyboard: open, act on an item, Escape closes and returns focus', async () => {
    serve([buildNotification({ message: 'Ann' }), buildNotification({ message: 'Ben' })]);
    const { user } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });

    await user.tab();
    expect(bell()).toHaveFocus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    // Mark all read, then the first item's link and its two buttons.
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toHaveFocus();
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Ann' })).toHaveFocus();
    await user.tab();
    const markRead = within(item(panel, 'Ann')).getByRole('button', { name: 'Mark Read' });
    expect(markRead).toHaveFocus();
    await user.keyboard('{Enter}');
    await expectToast('Notification marked as read.');
    // The button is gone; the keyboard stays on the same item.
    await waitFor(() => expect(within(panel).getByRole('link', { name: 'Ann' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bell()).toHaveFocus();
  });

  it('takes new notifications from the stream without reloading the list', async () => {
    const { calls } = serve([]);
    let stream: ReturnType<typeof eventStream> | undefined;
    server.use(
      http.get(`${API}/notifications/stream`, ({ request }) => {
        stream = eventStream(request, 'retry: 3000\n\nevent: unread\ndata: {"unreadCount":0}\n\n');
        return stream.response;
      }),
    );
    const { user } = renderBell();
    await waitFor(() => expect(stream).toBeDefined());
    await waitFor(() => expect(calls).toHaveLength(1));

    const fresh = buildNotification({ message: 'Ann Lee sent you a friend request.' });
    act(() =>
      stream!.send(
        `id: ${eventIdOf(fresh)}\nevent: notification\ndata: ${JSON.stringify({ notification: fresh, unreadCount: 1 })}\n\n`,
      ),
    );

    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    const panel = await openPanel(user);
    expect(within(panel).getByText('Ann Lee sent you a friend request.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('reconnects after a dropped stream with Last-Event-ID, and stops on logout', async () => {
    serve([]);
    const requests: {
      lastEventId: string | null;
      authorization: string | null;
      signal: AbortSignal;
    }[] = [];
    let stream: ReturnType<typeof eventStream> | undefined;
    server.use(
      http.get(`${API}/notifications/stream`, ({ request }) => {
        requests.push({
          lastEventId: request.headers.get('Last-Event-ID'),
          authorization: request.headers.get('Authorization'),
          signal: request.signal,
        });
        stream = eventStream(request, 'retry: 3000\n\n');
        return stream.response;
      }),
    );
    renderBell();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ lastEventId: null, authorization: 'Bearer tok-1' });

    const fresh = buildNotification();
    act(() => {
      stream!.send(
        `id: ${eventIdOf(fresh)}\nevent: notification\ndata: ${JSON.stringify({ notification: fresh, unreadCount: 1 })}\n\n`,
      );
      stream!.close();
    });

    // The first retry comes after about a second (800-1200 ms with jitter).
    await waitFor(() => expect(requests).toHaveLength(2), { timeout: 3000 });
    expect(requests[1]!.lastEventId).toBe(eventIdOf(fresh));

    act(() => useAuthStore.getState().clearSession());
    await waitFor(() => expect(requests[1]!.signal.aborted).toBe(true));
  });

  it('ends the session when the stream answers 401', async () => {
    serve([]);
    server.use(
      http.get(`${API}/notifications/stream`, () =>
        apiError(401, { code: 'UNAUTHENTICATED', message: 'Session expired.' }),
      ),
    );
    renderBell();

    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
  });
});
