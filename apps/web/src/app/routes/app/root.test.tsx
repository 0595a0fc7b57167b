import { DEFAULT_NOTIFICATION_PREFERENCES } from '@selah/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { buildUser } from '@/testing/factories';
import { API } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildNotification, buildNotificationPage } from '@/testing/notification-factories';
import { fakePushBrowser, restorePushBrowser } from '@/testing/push-browser';

const withPush = (pushNotifications: boolean) =>
  buildUser({
    notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, pushNotifications },
  });

afterEach(() => {
  restorePushBrowser();
});

describe('the signed-in shell', () => {
  it('puts the notification bell in the sticky header, before Upgrade', async () => {
    server.use(
      http.get(`${API}/notifications`, () =>
        HttpResponse.json(buildNotificationPage([buildNotification(), buildNotification()])),
      ),
    );
    await renderRoute('/dashboard', { user: buildUser() });

    const header = screen.getByRole('banner');
    const bell = await within(header).findByRole('button', { name: 'Notifications, 2 unread' });
    const upgrade = within(header).getByRole('link', { name: 'Upgrade' });
    expect(bell.compareDocumentPosition(upgrade) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('re-subscribes this browser to push without asking when the user wants push', async () => {
    const push = fakePushBrowser('granted');
    const saved: unknown[] = [];
    server.use(
      http.post(`${API}/push/subscriptions`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ subscribed: true }, { status: 201 });
      }),
    );
    await renderRoute('/dashboard', { user: withPush(true) });

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(push.subscribe).toHaveBeenCalledTimes(1);
  });

  it("drops a leftover subscription when this user doesn't want push", async () => {
    const push = fakePushBrowser('granted', { subscribed: true });
    const subscription = push.subscription!;
    const removed: unknown[] = [];
    server.use(
      http.delete(`${API}/push/subscriptions`, async ({ request }) => {
        removed.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderRoute('/dashboard', { user: withPush(false) });

    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    expect(removed).toEqual([{ endpoint: subscription.endpoint }]);
  });

  it('stops push to this browser on logout, then logs out', async () => {
    const push = fakePushBrowser('granted', { subscribed: true });
    const subscription = push.subscription!;
    const order: string[] = [];
    server.use(
      http.post(`${API}/push/subscriptions`, () =>
        HttpResponse.json({ subscribed: true }, { status: 201 }),
      ),
      http.delete(`${API}/push/subscriptions`, () => {
        order.push('push removed');
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(`${API}/auth/logout`, () => {
        order.push('logout');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderRoute('/dashboard', { user: withPush(true) });

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(order).toEqual(['push removed', 'logout']);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
